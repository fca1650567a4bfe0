import { z } from 'zod';
import { email, id, optionalText, requiredText } from './common.ts';
import { checkVatNumber, currencySchema, invoiceDetailsFields } from './prices.ts';
import { SCHOOL_NAME_MAX } from './schools.ts';

/** A purchase is for one buyer: the caller, a school or a trust, never two at once. */
function oneBuyer(value: { schoolId?: number | undefined; trustId?: number | undefined; createSchool?: boolean | undefined }, ctx: z.RefinementCtx): void {
  if (value.trustId !== undefined && (value.schoolId !== undefined || value.createSchool === true)) {
    ctx.addIssue({ code: 'custom', path: ['trustId'], message: 'Buy for a school or for a trust, not both' });
  }
}

/** With schoolId, the purchase licenses that school; with trustId, every school of that trust (the buyer must manage it). */
export const paymentIntentSchema = z
  .object({
    courseId: id,
    schoolId: id.optional(),
    trustId: id.optional(),
    /** Defaults to the caller's chosen currency; any amount sent is ignored (the server prices). */
    currency: currencySchema.optional(),
  })
  .superRefine(oneBuyer);

export const paymentIntentParams = z.object({
  paymentIntentId: z
    .string()
    .trim()
    .regex(/^pi_[A-Za-z0-9_]{1,200}$/, { message: 'Unknown payment' }),
});

export const orderSchema = z
  .object({
    courseId: id,
    // The limits of POST /api/schools' name: createSchool founds a school under this name.
    schoolName: requiredText(SCHOOL_NAME_MAX, 'Please enter the school or organisation name', 'School name'),
    billingEmail: email,
    purchaseOrderNumber: optionalText(100, 'Purchase order number'),
    /** License this school (the buyer must manage it) when the invoice is paid. */
    schoolId: id.optional(),
    /** Create a school named schoolName, managed by the buyer, and license it when paid. */
    createSchool: z.boolean().optional(),
    /** License this trust (the buyer must manage it; the invoice names the trust) when paid. */
    trustId: id.optional(),
    ...invoiceDetailsFields,
  })
  .superRefine(checkVatNumber)
  .superRefine(oneBuyer);

export type OrderInput = z.infer<typeof orderSchema>;
