import { z } from 'zod';
import { email, id, optionalText, requiredText } from './common.ts';

export const paymentIntentSchema = z.object({ courseId: id });

export const paymentIntentParams = z.object({
  paymentIntentId: z.string().trim().regex(/^pi_[A-Za-z0-9_]{1,200}$/, { message: 'Unknown payment' }),
});

export const orderSchema = z.object({
  courseId: id,
  schoolName: requiredText(200, 'Please enter the school or organisation name'),
  billingEmail: email,
  purchaseOrderNumber: optionalText(100),
});

export type OrderInput = z.infer<typeof orderSchema>;
