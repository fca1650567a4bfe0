import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvoiceIssueInput, OrderDto, SalesTotalsDto } from '@atrium/common';
import { api } from './client.ts';
import { CHANGES, invalidatePaths } from './invalidate.ts';

export const SALES_KEY = ['/api/admin/sales'] as const;

/** GET /api/admin/sales: money per currency, never added across currencies. */
export const useSalesTotals = () => useQuery<SalesTotalsDto>({ queryKey: SALES_KEY });

/** POST /api/admin/orders/:id/invoice: issues it (or answers the one already issued). */
export function useIssueInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, details }: { id: number; details: InvoiceIssueInput }) => api.post<OrderDto>(`/api/admin/orders/${id}/invoice`, details),
    onSuccess: () => invalidatePaths(queryClient, CHANGES.invoiceIssued),
  });
}
