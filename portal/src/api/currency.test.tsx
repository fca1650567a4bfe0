import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { fail, learner, mockApi, ok } from '../test/api.ts';
import { createQueryClient } from './client.ts';
import { useChooseCurrency } from './currency.ts';
import { useCurrentUserQuery, USER_KEY } from './session.ts';

/** The switcher with the header's read of who is signed in mounted beside it, as on every page. */
function renderChooser(queryClient: QueryClient) {
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return renderHook(() => ({ chooser: useChooseCurrency(), user: useCurrentUserQuery() }), { wrapper });
}

describe('useChooseCurrency', () => {
  it("reads a signed-in user's profile again, whose currency the choice changed", async () => {
    const api = mockApi({ 'PUT /api/currency': ok({ currency: 'GBP' }), 'GET /api/user': ok({ ...learner, currency: 'GBP' }) });
    const queryClient = createQueryClient();
    queryClient.setQueryData(USER_KEY, learner);
    const { result } = renderChooser(queryClient);
    await waitFor(() => expect(result.current.user.isFetching).toBe(false));
    const before = api.callsTo('GET', '/api/user').length;
    await act(() => result.current.chooser.choose('GBP'));
    await waitFor(() => expect(api.callsTo('GET', '/api/user')).toHaveLength(before + 1));
  });

  it("asks nothing of a visitor's profile: there is none, and the 401 would be the browser's console error", async () => {
    const api = mockApi({ 'PUT /api/currency': ok({ currency: 'GBP' }), 'GET /api/user': fail(401, 'Please sign in') });
    const queryClient = createQueryClient();
    queryClient.setQueryData(USER_KEY, null);
    const { result } = renderChooser(queryClient);
    await waitFor(() => expect(result.current.user.isFetching).toBe(false));
    const before = api.callsTo('GET', '/api/user').length;
    expect(result.current.user.data).toBeNull();
    await act(() => result.current.chooser.choose('GBP'));
    expect(api.callsTo('PUT', '/api/currency')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/user')).toHaveLength(before);
  });
});
