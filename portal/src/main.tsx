// First: zod must be configured before any module builds or parses a schema (zodSetup.ts).
import './zodSetup.ts';
import './styles/fonts.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from './api/client.ts';
import { AppProviders } from './App.tsx';
import { pinReaderLocale } from './components/coursePrice.ts';
import { AppRoutes, preloadFrame } from './routes.tsx';
import { readPageState, seedPageState } from './ssr/pageState.ts';

const queryClient = createQueryClient();
// The server's answers for the first screen, when it wrote any (ssr/pageState.ts).
const state = readPageState();
if (state) {
  seedPageState(queryClient, state);
  pinReaderLocale(state.locale);
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
// A server-rendered page (the landing page) is hydrated: React adopts the markup it already
// shows, from the same answers. Every other page is rendered here, replacing the frame and
// loading state the server may have drawn meanwhile (a signed-in "/").
// Both as a transition, which React renders in slices of a few milliseconds with the browser free
// in between (a plain first render is one task: on a phone, the whole page's worth of blocking).
if (state?.markup === 'hydrate') startTransition(() => void hydrateRoot(root, app));
else startTransition(() => createRoot(root).render(app));
