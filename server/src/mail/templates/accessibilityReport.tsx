import type { AccessibilityReportInput } from '@atrium/common';
import { Lines, MailLayout, P } from '../layout.tsx';
import { defineMail, type MailBrand } from '../render.ts';
import { oneLine } from './contactMessage.tsx';

export interface AccessibilityReportProps {
  brand: MailBrand;
  input: AccessibilityReportInput;
  receivedAt: number;
  /** The statement's promise, repeated so whoever reads the mail knows the deadline. */
  responseDays: number;
}

/** A problem reported through the accessibility statement's form, to its contact address. */
export const accessibilityReportMail = defineMail<AccessibilityReportProps>({
  subject: ({ brand, input }) => oneLine(`[${brand.brandName}] Accessibility problem reported by ${input.name}`, 250),
  body: ({ brand, input, receivedAt, responseDays }) => (
    <MailLayout brand={brand} preview={`Accessibility problem reported by ${input.name}`}>
      <P>{`Reply to: ${input.name} <${input.email}>`}</P>
      <Lines
        lines={[
          `Name: ${input.name}`,
          `Email: ${input.email}`,
          `Page or feature: ${input.page ?? '-'}`,
          'Sent from: the accessibility statement',
          `Received: ${new Date(receivedAt).toISOString()}`,
        ]}
      />
      <P>Problem:</P>
      <Lines lines={input.message.split(/\r?\n/)} />
      <P>{`The accessibility statement promises a reply within ${responseDays} working ${responseDays === 1 ? 'day' : 'days'}. The report is also in the admin inbox at ${brand.publicUrl}/admin.`}</P>
    </MailLayout>
  ),
});
