import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { config as zodConfig } from 'zod';
import { createQueryClient } from './api/client.ts';
import { AppProviders } from './App.tsx';
import { AppRoutes, preloadHomeScenes } from './routes.tsx';

// zod probes `new Function` before its first object parse; under our CSP (no 'unsafe-eval') the
// browser refuses it and reports a securitypolicyviolation, so the portal skips the probe.
zodConfig({ jitless: true });

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
