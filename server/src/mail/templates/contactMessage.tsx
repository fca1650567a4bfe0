import type { ContactInput } from '@atrium/common';
import { Lines, MailLayout, P } from '../layout.tsx';
import { defineMail, type MailBrand } from '../render.ts';

export interface ContactMessageProps {
  brand: MailBrand;
  input: ContactInput;
  receivedAt: number;
}

/** A header value from visitor input: one line, bounded, so it can never add a header. */
export const oneLine = (value: string, max: number) =>
  value
    // Unicode's control characters (Cc): CR, LF, tab and the rest of C0, DEL, and C1.
    .replace(/\p{Cc}+/gu, ' ')
    .trim()
    .slice(0, max);

/**
 * The mail to the support inbox. The outbox has no Reply-To field, so the visitor's address is
 * spelled out at the top where the person answering sees it first.
 */
export const contactMessageMail = defineMail<ContactMessageProps>({
  subject: ({ brand, input }) => oneLine(`[${brand.brandName}] Contact message from ${input.name}`, 250),
  body: ({ brand, input, receivedAt }) => (
    <MailLayout brand={brand} preview={`Contact message from ${input.name}`}>
      <P>{`Reply to: ${input.name} <${input.email}>`}</P>
      <Lines
        lines={[
          `Name: ${input.name}`,
          `Email: ${input.email}`,
          `School/company: ${input.company ?? '-'}`,
          `Phone: ${input.phone ?? '-'}`,
          `Sent from: the ${input.source === 'widget' ? 'support chat' : 'website contact form'}`,
          `Received: ${new Date(receivedAt).toISOString()}`,
        ]}
      />
      <P>Message:</P>
      <Lines lines={input.message.split(/\r?\n/)} />
      <P>{`We promise a reply within 30 minutes. The message is also in the admin inbox at ${brand.publicUrl}/admin.`}</P>
    </MailLayout>
  ),
});
