import { MailLayout, P, UrlLink } from '../layout.tsx';
import { defineMail, type MailBrand } from '../render.ts';

export interface PasswordResetProps {
  brand: MailBrand;
  firstName: string | null;
  token: string;
}

export const passwordResetMail = defineMail<PasswordResetProps>({
  subject: ({ brand }) => `Reset your ${brand.brandName} password`,
  body: ({ brand, firstName, token }) => (
    <MailLayout brand={brand} preview="Reset your password">
      <P>{`Hello ${firstName ?? ''}`.trim() + ','}</P>
      <P>Someone asked to reset the password for your account. If it was you, open this link within one hour:</P>
      <UrlLink href={`${brand.publicUrl}/reset-password?token=${token}`} />
      <P>If you did not ask for this, you can ignore this e-mail; your password stays the same.</P>
    </MailLayout>
  ),
});
