import { z } from 'zod';
import { INVALID_EMAIL, normalizeEmail } from '../rules/emailAddress.ts';
// Registers the plain-words error map with zod before any schema here is used.
import './plainErrors.ts';

/** Database ids arrive as JSON numbers or as path/query strings. */
export const id = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

/** An e-mail address in its one spelling (rules/emailAddress.ts says why and how). */
export const email = z.string({ message: INVALID_EMAIL }).transform((value, ctx) => {
  const checked = normalizeEmail(value);
  if (checked.ok) return checked.email;
  ctx.addIssue({ code: 'custom', message: checked.message });
  return z.NEVER;
});

/**
 * "School name can be at most 200 characters": a text over its limit is refused naming the field
 * and the limit (never cut), and the portal shows the same sentence beside the field.
 */
export const tooLong = (field: string, max: number) => ({ message: `${field} can be at most ${max.toLocaleString('en-GB')} characters` });

/**
 * Optional free text: empty strings are stored as null. Without `field`, the plain-words error map
 * (plainErrors.ts) names the field from its key.
 */
export const optionalText = (max: number, field?: string) =>
  z
    .string()
    .trim()
    .max(max, field ? tooLong(field, max) : undefined)
    .nullish()
    .transform((value) => (value ? value : null));

export const requiredText = (max: number, message: string, field?: string) =>
  z
    .string({ message })
    .trim()
    .min(1, { message })
    .max(max, field ? tooLong(field, max) : undefined);

export const idParams = z.object({ id });
