import { z } from 'zod';
// Registers the plain-words error map with zod before any schema here is used.
import './plainErrors.ts';

/** Database ids arrive as JSON numbers or as path/query strings. */
export const id = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

export const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'Please enter a valid email address' }));

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
