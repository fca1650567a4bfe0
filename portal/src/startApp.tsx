// The portal itself, loaded by main.tsx. First, as in main.tsx: zod must be configured before any
// module builds or parses a schema (zodSetup.ts).
import './zodSetup.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from './api/client.ts';
import { AppProviders } from './App.tsx';
import { rememberFormattedMoney } from '@atrium/common/rules/currency';
import { pinReaderLocale } from './components/coursePrice.ts';
import { AppRoutes, preloadFrame, preloadHome } from './routes.tsx';
import { seedPageState, type PageState } from './ssr/pageState.ts';

/** Starts the portal in `#root`, from the server's answers for the first screen when it wrote any (ssr/pageState.ts). */
export function startApp(state: PageState | null): void {
  const queryClient = createQueryClient();
  if (state) {
    seedPageState(queryClient, state);
    pinReaderLocale(state.locale);
    if (state.money) rememberFormattedMoney(state.money);
  }

  // Declarative routing (BrowserRouter + useRoutes): the data-router half of react-router would
  // add ~18 KB gzip to every first load and the portal loads its data with React Query anyway.
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>
  );
  // Every address but the landing page has the signed-in frame: fetched alongside the session check.
  if (window.location.pathname !== '/') preloadFrame();
  const root = document.getElementById('root')!;
  // A server-rendered page (the landing page, a learner's dashboard) is hydrated: React adopts the
  // markup it already shows, from the same answers. Every other page is rendered here. Both as a
  // transition, which React renders in slices of a few milliseconds with the browser free in
  // between (a plain first render is one task: on a phone, the whole page's worth of blocking).
  // A drawn page waits for its own chunks, so that nothing of it suspends while it is hydrated.
  if (state?.markup === 'hydrate') {
    void preloadHome(state.user !== null)
      .catch(() => undefined)
      .then(() => startTransition(() => void hydrateRoot(root, app)));
  } else startTransition(() => createRoot(root).render(app));
}
