import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { Link, MemoryRouter, Route, Routes, useLocation, type InitialEntry } from 'react-router';
import { createQueryClient } from '../api/client.ts';
import { AppProviders } from '../App.tsx';
import { useAuth } from '../session/AuthProvider.tsx';

/** Shows the current path so tests can assert where navigation went. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Like the app's root layout: nothing renders until the session check has answered. */
function SessionGate({ children }: { children: ReactNode }) {
  const { isLoading } = useAuth();
  return isLoading ? null : <>{children}</>;
}

/**
 * Renders `ui` with every provider of the app at `route`, matched by `path`. Other paths render
 * a marker so redirects are visible.
 */
export function renderScene(ui: ReactElement, { route = '/', path = '/' }: { route?: InitialEntry; path?: string } = {}) {
  const queryClient = createQueryClient();
  const result = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={path} element={<SessionGate>{ui}</SessionGate>} />
          <Route
            path="*"
            element={
              <>
                <p>Elsewhere</p>
                {typeof route === 'string' ? <Link to={route}>Return to the scene</Link> : null}
              </>
            }
          />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...result, queryClient };
}

export function renderApp(ui: ReactElement, route = '/') {
  const queryClient = createQueryClient();
  const result = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...result, queryClient };
}

/** Moves fake time forward in small steps until `check` passes (or gives up). */
export async function advanceUntil(check: () => unknown, { step = 1, max = 5000 }: { step?: number; max?: number } = {}) {
  const { act } = await import('@testing-library/react');
  const { vi } = await import('vitest');
  for (let elapsed = 0; elapsed <= max; elapsed += step) {
    if (check()) return elapsed;
    await act(() => vi.advanceTimersByTimeAsync(step));
  }
  throw new Error(`advanceUntil: condition not met within ${max} ms`);
}
