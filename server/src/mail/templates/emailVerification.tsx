import { Lines, MailLayout, P, UrlLink } from '../layout.tsx';
import { defineMail, type MailBrand } from '../render.ts';

export interface EmailVerificationProps {
  brand: MailBrand;
  token: string;
}

/**
 * Always to an address nobody has proven yet (that is what it asks), so it carries nothing the
 * registering caller typed: no name, which would let anyone make us deliver their text (a
 * phishing line, a link) to a stranger's inbox.
 */
export const emailVerificationMail = defineMail<EmailVerificationProps>({
  subject: ({ brand }) => `Confirm your e-mail address for ${brand.brandName}`,
  body: ({ brand, token }) => (
    <MailLayout brand={brand} preview="Confirm your e-mail address">
      <P>Hello,</P>
      <P>Please confirm that this is your e-mail address by opening this link within 48 hours:</P>
      <UrlLink href={`${brand.publicUrl}/verify-email?token=${token}`} />
      <Lines
        lines={[
          'If your school has registered its e-mail domain with us, confirming also gives you access to the courses it has licensed.',
          'If you did not create an account, you can ignore this e-mail.',
        ]}
      />
    </MailLayout>
  ),
});
