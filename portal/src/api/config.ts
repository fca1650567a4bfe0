import { useQuery } from '@tanstack/react-query';
import type { PublicConfigDto } from '@atrium/common';

/**
 * GET /api/config: brand, support e-mail, director. It changes only when the server restarts,
 * so unlike every other query it is kept fresh for the visit instead of refetched per screen.
 */
export const usePublicConfig = () => useQuery<PublicConfigDto>({ queryKey: ['/api/config'], staleTime: 10 * 60 * 1000 });
