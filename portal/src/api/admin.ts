import { useQuery } from '@tanstack/react-query';
import type { AdminOverviewDto } from '@atrium/common';

export const useAdminOverview = () => useQuery<AdminOverviewDto>({ queryKey: ['/api/admin/overview'] });
