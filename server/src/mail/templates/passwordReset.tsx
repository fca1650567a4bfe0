import { MailLayout, P, UrlLink } from '../layout.tsx';
import { defineMail, type MailBrand } from '../render.ts';

export interface PasswordResetProps {
  brand: MailBrand;
  firstName: string | null;
  /** Whether the account's address is verified: only then is the name printed. */
  addressVerified: boolean;
  token: string;
}

/**
 * Anyone can register an account under a stranger's address with a "first name" of their
 * choosing (a phishing line, a link) and then ask for a reset: until the address is proven the
 * name is not its owner's words, so the greeting leaves it out.
 */
export const passwordResetMail = defineMail<PasswordResetProps>({
  subject: ({ brand }) => `Reset your ${brand.brandName} password`,
  body: ({ brand, firstName, addressVerified, token }) => (
    <MailLayout brand={brand} preview="Reset your password">
      <P>{addressVerified && firstName ? `Hello ${firstName},` : 'Hello,'}</P>
      <P>Someone asked to reset the password for your account. If it was you, open this link within one hour:</P>
      <UrlLink href={`${brand.publicUrl}/reset-password?token=${token}`} />
      <P>If you did not ask for this, you can ignore this e-mail; your password stays the same.</P>
    </MailLayout>
  ),
});
