import { MailLayout, P } from '../layout.tsx';
import { defineMail, type MailBrand } from '../render.ts';

export interface SignInChangedProps {
  brand: MailBrand;
  /** "Google" or "Microsoft". */
  providerLabel: string;
  /**
   * `claimed`: the provider proved the address of an account whose address was never verified,
   * so whatever else opened that account (a password, other linked sign-ins, sessions) was ended.
   * `linked`: the provider was connected to the account, from its profile or by a first sign-in
   * with a provider account vouching for the account's (already verified) address.
   */
  event: 'claimed' | 'linked';
}

export const signInChangedMail = defineMail<SignInChangedProps>({
  subject: ({ brand, providerLabel, event }) =>
    event === 'claimed'
      ? `Your ${brand.brandName} account is now yours through ${providerLabel}`
      : `${providerLabel} sign-in connected to your ${brand.brandName} account`,
  body: ({ brand, providerLabel, event }) => (
    <MailLayout brand={brand} preview={event === 'claimed' ? `You signed in with ${providerLabel}` : `${providerLabel} sign-in connected`}>
      {event === 'claimed' ? (
        <>
          <P>{`You just signed in with ${providerLabel}, which confirms that this e-mail address is yours. An account with this address already existed here, but its address had never been confirmed.`}</P>
          <P>
            To make sure only you can use it, we removed the password it had, removed every other sign-in linked to it and signed out every device. From now on
            you sign in with {providerLabel}; you can set a password of your own with “Forgot your password?” on the sign-in page.
          </P>
          <P>{`Please check the account's name, school and courses on ${brand.publicUrl}/profile: if anything there is not yours, tell ${brand.supportEmail}.`}</P>
        </>
      ) : (
        <>
          <P>{`A ${providerLabel} account was just connected to your account: it can now be used to sign in.`}</P>
          <P>{`If this was not you, remove it under "Linked sign-ins" on ${brand.publicUrl}/profile, change your password and tell ${brand.supportEmail}.`}</P>
        </>
      )}
    </MailLayout>
  ),
});
