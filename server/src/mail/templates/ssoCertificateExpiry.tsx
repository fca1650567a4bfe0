import { MailLayout, P, Quote } from '../layout.tsx';
import { defineMail, type MailBrand } from '../render.ts';

export interface SsoCertificateExpiryProps {
  brand: MailBrand;
  firstName: string | null;
  /** The school's or trust's name. */
  ownerName: string;
  /** The day the certificate expires (YYYY-MM-DD, UTC). */
  expiresOn: string;
  /** True once it has expired (the warning came late, or the provider was connected close to it). */
  expired: boolean;
  /** Where the managers replace it: /school or /trust. */
  settingsUrl: string;
}

/**
 * To a school's or trust's verified managers, once per certificate, 30 days before its SAML
 * provider's signing certificate expires. The school's or trust's name is whatever its founder
 * typed: it stays out of the Subject (where a mail client shows it as if we said it) and appears
 * in the body only quoted, as in the invitations.
 */
export const ssoCertificateExpiryMail = defineMail<SsoCertificateExpiryProps>({
  subject: ({ expired, expiresOn }) =>
    expired ? `Your sign-in provider's certificate expired on ${expiresOn}` : `Your sign-in provider's certificate expires on ${expiresOn}`,
  body: ({ brand, firstName, ownerName, expiresOn, expired, settingsUrl }) => (
    <MailLayout brand={brand} preview={`The certificate expires on ${expiresOn}`}>
      <P>{firstName ? `Hello ${firstName},` : 'Hello,'}</P>
      <P>
        {expired
          ? `The signing certificate of the sign-in provider (SAML) you connected on ${brand.brandName} expired on ${expiresOn}. Staff cannot sign in with it until the new one is saved. It signs in the staff of:`
          : `The signing certificate of the sign-in provider (SAML) you connected on ${brand.brandName} expires on ${expiresOn}. After that day staff cannot sign in with it until the new one is saved. It signs in the staff of:`}
      </P>
      <Quote lines={[['School or trust', ownerName]]} />
      <P>{`Ask your IT team for the provider's new metadata (or certificate) and paste it under "Sign-in with your provider" on ${settingsUrl}. During a roll-over the metadata may list both certificates; either is accepted.`}</P>
    </MailLayout>
  ),
});
