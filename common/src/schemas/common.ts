import { z } from 'zod';
import { INVALID_EMAIL, normalizeEmail } from '../rules/emailAddress.ts';

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

/** Optional free text: empty strings are stored as null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));

export const requiredText = (max: number, message: string) => z.string({ message }).trim().min(1, { message }).max(max);

export const idParams = z.object({ id });
