import { Text } from '@react-email/components';
import { theme } from '@atrium/common';
import { MailLayout, P, UrlLink } from '../layout.tsx';
import { defineMail, type MailBrand } from '../render.ts';

export interface SchoolInviteProps {
  brand: MailBrand;
  inviterName: string;
  schoolName: string;
  days: number;
  url: string;
}

/**
 * The inviter's and the school's names are whatever someone typed: they stay out of the Subject
 * (where a mail client shows them as if the agency said them) and appear in the body only as a
 * quotation marked as the inviter's words. React escapes them in the HTML part.
 */
export const schoolInviteMail = defineMail<SchoolInviteProps>({
  subject: ({ brand }) => `Invitation to join your school's training on ${brand.brandName}`,
  body: ({ brand, inviterName, schoolName, days, url }) => (
    <MailLayout brand={brand} preview={`An invitation to join a school on ${brand.brandName}`}>
      <P>Hello,</P>
      <P>{`A school manager on ${brand.brandName} has invited you to join their school, where its training courses are waiting for you. They describe themselves as follows (their words, not ours):`}</P>
      <Text style={quote}>
        {`School: "${schoolName}"`}
        <br />
        {`Invited by: "${inviterName}"`}
      </Text>
      <P>{`Open this link within ${days} days to create your account with this e-mail address (or sign in with it) and join:`}</P>
      <UrlLink href={url} />
      <P>{`If you do not know this school or were not expecting this, ignore this e-mail: nothing happens unless you open the link and accept.`}</P>
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
