import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvoiceIssueInput, OrderDiscountInput, OrderDto, SalesTotalsDto } from '@atrium/common';
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

/** PUT /api/admin/orders/:id/discount: agrees (or replaces) the discount before the invoice is issued. */
export function useSetOrderDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, discount }: { id: number; discount: OrderDiscountInput }) => api.put<OrderDto>(`/api/admin/orders/${id}/discount`, discount),
    onSuccess: () => invalidatePaths(queryClient, CHANGES.orderDiscount),
  });
}

/** DELETE /api/admin/orders/:id/discount: the order goes back to its price. */
export function useRemoveOrderDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<OrderDto>(`/api/admin/orders/${id}/discount`),
    onSuccess: () => invalidatePaths(queryClient, CHANGES.orderDiscount),
  });
}
