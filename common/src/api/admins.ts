/** An account holding the admin role, as the Admins panel and `npm run admin -- list` show it. */
export interface AdminAccountDto {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  /** Whether the person has proven they hold the address (a verification link or a provider). */
  emailVerified: boolean;
}
