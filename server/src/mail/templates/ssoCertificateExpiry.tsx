import { MailLayout, P } from '../layout.tsx';
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

/** To a school's or trust's managers, once per certificate, 30 days before its SAML provider's signing certificate expires. */
export const ssoCertificateExpiryMail = defineMail<SsoCertificateExpiryProps>({
  subject: ({ ownerName, expired, expiresOn }) =>
    expired
      ? `${ownerName}: the sign-in provider's certificate expired on ${expiresOn}`
      : `${ownerName}: the sign-in provider's certificate expires on ${expiresOn}`,
  body: ({ brand, firstName, ownerName, expiresOn, expired, settingsUrl }) => (
    <MailLayout brand={brand} preview={`The certificate expires on ${expiresOn}`}>
      <P>{firstName ? `Hello ${firstName},` : 'Hello,'}</P>
      <P>
        {expired
          ? `The signing certificate of ${ownerName}'s own sign-in provider (SAML) expired on ${expiresOn}. Staff cannot sign in with it until the new one is saved.`
          : `The signing certificate of ${ownerName}'s own sign-in provider (SAML) expires on ${expiresOn}. After that day staff cannot sign in with it until the new one is saved.`}
      </P>
      <P>{`Ask your IT team for the provider's new metadata (or certificate) and paste it under "Sign-in with your provider" on ${settingsUrl}. During a roll-over the metadata may list both certificates; either is accepted.`}</P>
    </MailLayout>
  ),
});
