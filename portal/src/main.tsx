// The entry, kept small: zod's setting (first, zodSetup.ts), the font's declaration (the server
// writes it into the page) and the decision when to load the app (startApp.tsx), which is the rest.
import './zodSetup.ts';
import './styles/fonts.css';
import { readPageState } from './ssr/pageState.ts';

const state = readPageState();

function start(): void {
  // The first screen's chunks alongside the app's own, rather than once the app has run.
  if (state?.markup === 'hydrate') {
    const first = state.user
      ? [import('./components/PageFrame.tsx'), import('./scenes/Dashboard/DashboardScene.tsx')]
      : [import('./scenes/Landing/LandingScene.tsx')];
    for (const chunk of first) chunk.catch(() => undefined);
  }
  void import('./startApp.tsx').then(({ startApp }) => startApp(state));
}

// A page the server has drawn (the landing page, a learner's dashboard) is painted from its HTML
// before the app is even requested: on a slow phone connection the page's text and font then
// have the line to themselves, and the app (about 130 KB) follows. Any other page has nothing to
// show until the app runs, so it is loaded at once. (A hidden tab paints nothing, and loads the
// app when it is first shown.)
if (state?.markup === 'hydrate') requestAnimationFrame(() => setTimeout(start, 0));
else start();
