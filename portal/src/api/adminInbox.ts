import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { pageSearch } from '@atrium/common/rules/pageSearch';
import type { AdminOrderDto, AdminPaymentDto, ContactMessageDto, OrderDto } from '@atrium/common';
import { api, type Page } from './client.ts';
import { CHANGES, invalidatePaths } from './invalidate.ts';

const PAGE_SIZE = 20;
const MESSAGES_ROOT = '/api/admin/contact-messages';
const ORDERS_ROOT = '/api/admin/orders';
const PAYMENTS_ROOT = '/api/admin/payments';

/** Newest first, PAGE_SIZE at a time ("Show older"). */
function usePagedList<T>(root: string) {
  return useInfiniteQuery({
    queryKey: [root, 'pages'],
    queryFn: ({ pageParam, signal }) => api.getPage<T>(`${root}?${pageSearch({ limit: PAGE_SIZE, offset: pageParam })}`, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last: Page<T>, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      if (last.items.length < PAGE_SIZE) return undefined;
      return last.total !== null && loaded >= last.total ? undefined : loaded;
    },
  });
}

export const useContactMessages = () => usePagedList<ContactMessageDto>(MESSAGES_ROOT);
export const useAdminOrders = () => usePagedList<AdminOrderDto>(ORDERS_ROOT);
export const useAdminPayments = () => usePagedList<AdminPaymentDto>(PAYMENTS_ROOT);

export function useSetMessageHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, handled }: { id: number; handled: boolean }) => api.patch<ContactMessageDto>(`${MESSAGES_ROOT}/${id}`, { handled }),
    onSuccess: () => invalidatePaths(queryClient, CHANGES.message),
  });
}

/** Marking an invoice order paid enrolls the buyer (or licenses their school) and moves the sales totals. */
export function useMarkOrderPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<OrderDto>(`${ORDERS_ROOT}/${id}/paid`),
    onSuccess: () => invalidatePaths(queryClient, CHANGES.orderPaid),
  });
}
