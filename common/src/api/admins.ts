import { z } from 'zod';

/** An account holding the admin role, as the Admins panel and `npm run admin -- list` show it. */
export const adminAccountDtoSchema = z
  .object({
    id: z.number(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    /** Whether the person has proven they hold the address (a verification link or a provider). */
    emailVerified: z.boolean(),
  })
  .meta({ id: 'AdminAccountDto' });
export type AdminAccountDto = z.infer<typeof adminAccountDtoSchema>;
