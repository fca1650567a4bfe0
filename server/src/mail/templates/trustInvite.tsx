import { Text } from '@react-email/components';
import { theme } from '@atrium/common';
import { MailLayout, P, UrlLink } from '../layout.tsx';
import { defineMail, type MailBrand } from '../render.ts';

export interface TrustInviteProps {
  brand: MailBrand;
  inviterName: string;
  trustName: string;
  days: number;
  url: string;
}

/**
 * An invitation to manage a trust's schools. As with a school invitation, the names are what
 * someone typed: they stay out of the Subject and appear in the body only as quoted words.
 */
export const trustInviteMail = defineMail<TrustInviteProps>({
  subject: ({ brand }) => `Invitation to manage a trust's training on ${brand.brandName}`,
  body: ({ brand, inviterName, trustName, days, url }) => (
    <MailLayout brand={brand} preview={`An invitation to manage a trust on ${brand.brandName}`}>
      <P>Hello,</P>
      <P>{`You have been invited to manage a trust on ${brand.brandName}: you will see the training of every school in it. The invitation names them as follows (their words, not ours):`}</P>
      <Text style={quote}>
        {`Trust: "${trustName}"`}
        <br />
        {`Invited by: "${inviterName}"`}
      </Text>
      <P>{`Open this link within ${days} days, sign in or create your account with this e-mail address, and accept:`}</P>
      <UrlLink href={url} />
      <P>{`If you were not expecting this, ignore this e-mail: nothing happens unless you open the link and accept.`}</P>
    </MailLayout>
  ),
});

const quote = {
  margin: '0 0 16px',
  padding: '8px 12px',
  borderLeft: `3px solid ${theme.colors.border}`,
  color: theme.colors.text,
  fontSize: '15px',
  lineHeight: '22px',
};
