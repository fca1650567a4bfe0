import { useQuery } from '@tanstack/react-query';
import type { AdminOverviewDto } from '@atrium/common';

// Kept tiny on purpose: the top navigation (first load) reads the overview for the unanswered
// messages count; everything else admin lives in the admin*.ts files the lazy admin scenes load.
export const ADMIN_OVERVIEW_KEY = ['/api/admin/overview'] as const;

export const useAdminOverview = (enabled = true) => useQuery<AdminOverviewDto>({ queryKey: ADMIN_OVERVIEW_KEY, enabled });
