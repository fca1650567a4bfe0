import { MailLayout, P } from '../layout.tsx';
import { defineMail, type MailBrand } from '../render.ts';

export interface PasswordChangedProps {
  brand: MailBrand;
  /** A reset signs out every device; a change from the account page keeps the one it was made on. */
  via: 'reset' | 'account';
}

export const passwordChangedMail = defineMail<PasswordChangedProps>({
  subject: ({ brand }) => `Your ${brand.brandName} password was changed`,
  body: ({ brand, via }) => (
    <MailLayout brand={brand} preview="Your password was changed">
      {via === 'reset' ? (
        <>
          <P>Your password was just changed and every device was signed out.</P>
          <P>{`If this was not you, reset your password again at ${brand.publicUrl}/auth and contact ${brand.supportEmail}.`}</P>
        </>
      ) : (
        <>
          <P>The password of your account was just changed and your other devices were signed out.</P>
          <P>{`If this was not you, reset your password at ${brand.publicUrl}/auth and tell ${brand.supportEmail}.`}</P>
        </>
      )}
    </MailLayout>
  ),
});
