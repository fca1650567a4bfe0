export interface PaymentIntentDto {
  clientSecret: string;
  paymentIntentId: string;
  amount: number;
  currency: string;
}

/** GET /api/payments/:paymentIntentId — what the return page may believe. */
export interface PaymentStatusDto {
  paymentIntentId: string;
  /** Stripe's status: succeeded, processing, requires_payment_method, … */
  status: string;
  courseId: number | null;
  courseTitle: string | null;
  enrolled: boolean;
  failureMessage: string | null;
}

export type OrderStatus = 'requested' | 'paid' | 'cancelled';

export interface OrderDto {
  id: number;
  /** How the order is named to people ("ORD-000042"): in the portal, the admin area and e-mails. */
  reference: string;
  userId: number;
  courseId: number | null;
  courseTitle: string;
  schoolName: string;
  billingEmail: string;
  purchaseOrderNumber: string | null;
  amount: number;
  currency: string;
  status: OrderStatus;
  /** The school the purchase licenses when paid; null for a personal purchase. */
  schoolId?: number | null;
  createdAt: string;
  paidAt: string | null;
}

export interface AdminOrderDto extends OrderDto {
  buyerEmail: string;
  buyerName: string;
}

export interface AdminPaymentDto {
  id: number;
  userId: number;
  buyerEmail: string;
  courseId: number | null;
  courseTitle: string | null;
  providerReference: string | null;
  amount: number;
  amountRefunded: number;
  currency: string;
  status: string;
  failureMessage: string | null;
  createdAt: string;
  paidAt: string | null;
  refundedAt: string | null;
}
