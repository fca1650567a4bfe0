import { z } from 'zod';
import { email, id, optionalText, requiredText } from './common.ts';
import { checkVatNumber, currencySchema, invoiceDetailsFields } from './prices.ts';

/** With schoolId, the purchase licenses that school (the buyer must manage it). */
export const paymentIntentSchema = z.object({
  courseId: id,
  schoolId: id.optional(),
  /** Defaults to the caller's chosen currency; any amount sent is ignored (the server prices). */
  currency: currencySchema.optional(),
});

export const paymentIntentParams = z.object({
  paymentIntentId: z
    .string()
    .trim()
    .regex(/^pi_[A-Za-z0-9_]{1,200}$/, { message: 'Unknown payment' }),
});

export const orderSchema = z
  .object({
    courseId: id,
    schoolName: requiredText(200, 'Please enter the school or organisation name', 'School name'),
    billingEmail: email,
    purchaseOrderNumber: optionalText(100, 'Purchase order number'),
    /** License this school (the buyer must manage it) when the invoice is paid. */
    schoolId: id.optional(),
    /** Create a school named schoolName, managed by the buyer, and license it when paid. */
    createSchool: z.boolean().optional(),
    ...invoiceDetailsFields,
  })
  .superRefine(checkVatNumber);

export type OrderInput = z.infer<typeof orderSchema>;
