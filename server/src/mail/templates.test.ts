import { describe, expect, it } from 'vitest';
import { renderMail } from './render.ts';
import { contactMessageMail } from './templates/contactMessage.tsx';
import { emailVerificationMail } from './templates/emailVerification.tsx';
import { invoiceIssuedMail, invoicePaidMail } from './templates/invoiceIssued.tsx';
import { invoiceReceiptMail, invoiceRequestMail } from './templates/invoiceRequest.tsx';
import { passwordChangedMail } from './templates/passwordChanged.tsx';
import { passwordResetMail } from './templates/passwordReset.tsx';
import { schoolInviteMail } from './templates/schoolInvite.tsx';

const brand = { brandName: 'Atrium', publicUrl: 'https://atrium.test', supportEmail: 'support@atrium.test' };

describe('mail templates', () => {
  it('put the reset link once in the text and as a link in the HTML', async () => {
    const mail = await renderMail(passwordResetMail, { brand, firstName: 'Ada', addressVerified: true, token: 'tok_EN-1' });
    const url = 'https://atrium.test/reset-password?token=tok_EN-1';
    expect(mail.subject).toBe('Reset your Atrium password');
    expect(mail.text).toBe(
      [
        'Hello Ada,',
        '',
        'Someone asked to reset the password for your account. If it was you, open this link within one hour:',
        '',
        url,
        '',
        'If you did not ask for this, you can ignore this e-mail; your password stays the same.',
      ].join('\n'),
    );
    expect(mail.text.split(url)).toHaveLength(2);
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.html).toMatch(/^<!DOCTYPE html/);
  });

  it("greet by name only at a verified address: a name typed at registration is not the address owner's words", async () => {
    const typed = 'Visit https://evil.example now';
    const unverified = await renderMail(passwordResetMail, { brand, firstName: typed, addressVerified: false, token: 't' });
    expect(unverified.text.startsWith('Hello,\n')).toBe(true);
    expect(unverified.text + unverified.html).not.toContain('evil.example');
    const noName = await renderMail(passwordResetMail, { brand, firstName: null, addressVerified: true, token: 't' });
    expect(noName.text.startsWith('Hello,\n')).toBe(true);
  });

  it('never name anyone in the verification mail (its address is unproven by definition)', async () => {
    const mail = await renderMail(emailVerificationMail, { brand, token: 't' });
    expect(mail.subject).toBe('Confirm your e-mail address for Atrium');
    expect(mail.text.startsWith('Hello,\n')).toBe(true);
    expect(mail.text).toContain('https://atrium.test/verify-email?token=t');
  });

  it('say which way the password was changed', async () => {
    const reset = await renderMail(passwordChangedMail, { brand, via: 'reset' });
    const account = await renderMail(passwordChangedMail, { brand, via: 'account' });
    expect(reset.subject).toBe('Your Atrium password was changed');
    expect(reset.text).toContain('every device was signed out');
    expect(account.text).toContain('your other devices were signed out');
    expect(account.text).toContain('support@atrium.test');
  });

  it('escape visitor text in the HTML, keep it verbatim and line by line in the text, and keep the subject to one line', async () => {
    const input = {
      name: 'Eve <b>\r\nBcc: x@y.test',
      email: 'eve@school.test',
      company: null,
      phone: '+44 1',
      message: 'First line & <script>alert(1)</script>\nSecond line',
      source: 'widget' as const,
    };
    const mail = await renderMail(contactMessageMail, { brand, input, receivedAt: Date.UTC(2026, 0, 2) });
    expect(mail.subject).toBe('[Atrium] Contact message from Eve <b> Bcc: x@y.test');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.text).toContain('First line & <script>alert(1)</script>\nSecond line');
    expect(mail.text).toContain('Reply to: Eve <b>');
    expect(mail.text).toContain('Sent from: the support chat');
    expect(mail.text).toContain('Received: 2026-01-02T00:00:00.000Z');
    expect(mail.text).toContain('School/company: -');
  });

  it('tell support what marking an invoice paid will do, and the buyer what happens next, with what the buyer typed quoted and never in a Subject', async () => {
    const facts = { brand, orderId: 7, courseTitle: 'Podcasts', amount: 149_900, schoolName: 'Oak School' };
    const school = await renderMail(invoiceRequestMail, {
      ...facts,
      schoolId: 3,
      buyer: { name: 'Sam Head', email: 'sam@oak.test' },
      billingEmail: 'bursar@oak.test',
      purchaseOrderNumber: null,
    });
    expect(school.subject).toBe('Invoice request ORD-000007: Podcasts');
    expect(school.text).toContain('asked to pay for "Podcasts" (£1,499.00) by invoice');
    expect(school.text).toContain('Oak School');
    expect(school.text).toContain('bursar@oak.test');
    expect(school.text).not.toContain('Purchase order number');
    expect(school.text).toContain('licenses the school (school #3) for every member');
    const personal = await renderMail(invoiceRequestMail, {
      ...facts,
      schoolName: 'Win a prize at evil.example',
      schoolId: null,
      buyer: { name: 'Sam', email: 's@x.test' },
      billingEmail: 'b@x.test',
      purchaseOrderNumber: 'PO-9',
    });
    expect(personal.subject).not.toContain('evil.example');
    expect(personal.text).toContain('to enroll the buyer');
    expect(personal.text).toContain('PO-9');
    const receipt = await renderMail(invoiceReceiptMail, {
      ...facts,
      schoolName: 'Win a prize at evil.example',
      billingEmail: 'b@x.test',
      purchaseOrderNumber: null,
    });
    expect(receipt.subject).toBe('Your invoice request for Podcasts');
    expect(receipt.text).toContain('Order reference: ORD-000007.');
    expect(receipt.text).toContain('as you typed them');
    expect(receipt.html).toContain('£1,499.00');
  });

  it('invite with the inviter, the school and the link', async () => {
    const mail = await renderMail(schoolInviteMail, {
      brand,
      inviterName: 'Jo Bloggs',
      schoolName: 'Oak & Ash',
      days: 30,
      url: 'https://atrium.test/join?token=abc',
    });
    // Typed names stay out of the Subject (issue 33): it names only the site.
    expect(mail.subject).toBe("Invitation to join your school's training on Atrium");
    expect(mail.text).toContain('Jo Bloggs');
    expect(mail.text).toContain('Oak & Ash');
    expect(mail.text).toContain('Open this link within 30 days');
    expect(mail.text).toContain('https://atrium.test/join?token=abc');
    expect(mail.html).toContain('Oak &amp; Ash');
  });

  it('quotes the buyer’s school name in the invoice and receipt mails, sent to an address the buyer typed, so it never reads as our sentence', async () => {
    const props = {
      brand,
      invoiceNumber: 'INV-0001',
      courseTitle: 'School Videos',
      schoolName: 'Acme. Your account is suspended, pay at http://x',
      gross: 49900,
      currency: 'GBP',
    };
    for (const template of [invoiceIssuedMail, invoicePaidMail]) {
      const mail = await renderMail(template, props);
      expect(mail.text).toContain('for the school named “Acme. Your account is suspended, pay at http://x”');
    }
  });
});
