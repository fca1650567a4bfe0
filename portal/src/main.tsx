// First: zod must be configured before any module builds or parses a schema (zodSetup.ts).
import './zodSetup.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from './api/client.ts';
import { AppProviders } from './App.tsx';
import { AppRoutes, preloadHomeScenes } from './routes.tsx';

const queryClient = createQueryClient();
if (window.location.pathname === '/') preloadHomeScenes();

// Declarative routing (BrowserRouter + useRoutes): the data-router half of react-router would
// add ~18 KB gzip to every first load and the portal loads its data with React Query anyway.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
