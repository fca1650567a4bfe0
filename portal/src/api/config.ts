import { useCallback } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PublicConfigDto } from '@atrium/common';

/**
 * GET /api/config: brand, support e-mail, director. It changes only when the server restarts,
 * so unlike every other query it is kept fresh for the visit instead of refetched per screen.
 */
const publicConfigQuery = { queryKey: ['/api/config'], staleTime: 10 * 60 * 1000 } as const;

export const usePublicConfig = () => useQuery<PublicConfigDto>(publicConfigQuery);

/** The config outside a render: the cached answer, or the one request that fetches it. */
export const ensurePublicConfig = (queryClient: QueryClient) => queryClient.ensureQueryData<PublicConfigDto>(publicConfigQuery);

/** ensurePublicConfig for a component's callbacks (a check started before the config arrived waits for it). */
export function useEnsurePublicConfig() {
  const queryClient = useQueryClient();
  return useCallback(() => ensurePublicConfig(queryClient), [queryClient]);
}
