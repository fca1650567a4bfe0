import { z } from 'zod';

/**
 * Loose on purpose: case and surrounding spaces are forgiven (people retype numbers), and anything
 * that cannot be a number at all is simply not found rather than an error.
 */
export const certificateNumberParams = z.object({
  number: z.string().transform((raw) => {
    const value = raw.trim().toUpperCase();
    return /^[A-Z0-9-]{4,40}$/.test(value) ? value : null;
  }),
});
