import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import type { Currency, OrderDto, OrderInput, PaymentIntentDto, PaymentStatusDto } from '@atrium/common';
import { api, ApiError } from './client.ts';
import { courseKey, DASHBOARD_KEY } from './courses.ts';
import { invalidatePaths } from './invalidate.ts';

export const ORDERS_KEY = ['/api/orders'] as const;
export const paymentStatusKey = (paymentIntentId: string) => [`/api/payments/${paymentIntentId}`] as const;

/**
 * POST /api/create-payment-intent, run when checkout loads (SPEC §4). It is a query rather than
 * a mutation because the server hands back the open intent on a repeat, so loading it twice
 * (a reload, React's strict mode) is harmless; it is never cached beyond the page.
 */
export const usePaymentIntent = (courseId: number, enabled: boolean, buyer: { schoolId: number } | { trustId: number } | null = null, currency?: Currency) =>
  useQuery<PaymentIntentDto>({
    queryKey: ['payment-intent', courseId, buyer, currency ?? null],
    // With a school or a trust the purchase licenses it (the buyer manages it). The currency is
    // the one the price was shown in; the server decides the amount.
    queryFn: ({ signal }) => api.post<PaymentIntentDto>('/api/create-payment-intent', { courseId, ...buyer, ...(currency ? { currency } : {}) }, { signal }),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
  });

/** Stripe states in which the server may still enroll the buyer without anyone doing anything. */
export const isPaymentSettling = (payment: PaymentStatusDto) => !payment.enrolled && (payment.status === 'processing' || payment.status === 'succeeded');

/** How often /payment-success asks again while a payment is settling (see usePaymentStatus). */
export const PAYMENT_RECHECKS = 5;
export const PAYMENT_RECHECK_MS = 2000;

/**
 * GET /api/payments/:id: the only source the return page believes. While the payment is
 * settling (a webhook not yet in, a bank still processing) it asks again a few times; this is
 * the one deliberate exception to "no polling" (SPEC §7), and it stops by itself.
 */
export function usePaymentStatus(paymentIntentId: string | null) {
  const queryClient = useQueryClient();
  const key = paymentStatusKey(paymentIntentId ?? '');
  const query = useQuery<PaymentStatusDto>({
    queryKey: key,
    enabled: paymentIntentId !== null,
    refetchInterval: (current: Query<PaymentStatusDto>) => {
      const { data, dataUpdateCount } = current.state;
      return data && isPaymentSettling(data) && dataUpdateCount <= PAYMENT_RECHECKS ? PAYMENT_RECHECK_MS : false;
    },
  });
  /** The automatic re-checks are used up (the page then offers a "Check again" button). */
  const rechecksDone = (queryClient.getQueryState(key)?.dataUpdateCount ?? 0) > PAYMENT_RECHECKS;
  return { ...query, rechecksDone };
}

/** After a confirmed payment the dashboard and the course page must show the enrollment. */
export function useRefreshAfterEnrollment() {
  const queryClient = useQueryClient();
  return useCallback(
    (courseId: number | null) => invalidatePaths(queryClient, courseId ? [DASHBOARD_KEY[0], courseKey(courseId)[0]] : [DASHBOARD_KEY[0]]),
    [queryClient],
  );
}

/** GET /api/orders: the signed-in user's invoice requests. */
export const useOrders = () => useQuery<OrderDto[]>({ queryKey: ORDERS_KEY });

/**
 * POST /api/orders: ask to pay by invoice (the server mails support and the billing address).
 * A 409 means it was requested before, or the buyer was enrolled meanwhile: the orders and the
 * course are read again so the page shows what is true now.
 */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: OrderInput) => api.post<OrderDto>('/api/orders', order),
    onSuccess: (order) => {
      queryClient.setQueryData<OrderDto[]>(ORDERS_KEY, (current = []) => [order, ...current.filter((o) => o.id !== order.id)]);
    },
    onError: (error, order) => {
      if (error instanceof ApiError && error.status === 409) void invalidatePaths(queryClient, [ORDERS_KEY[0], courseKey(order.courseId)[0]]);
    },
  });
}
