import { describe, expect, it } from 'vitest';
import { DISCOUNT_ANSWER, INVOICE_ANSWER } from '@atrium/common/rules/orders';
import { botReply, QUOTE_SENTENCE, pricingReply, REPLIES, type BotCatalogue } from './botReplies.ts';

const COURSES: BotCatalogue['courses'] = [
  { title: 'Smartphone Photography', price: 49900, prices: { GBP: 49900, USD: 62900, EUR: 57900 } },
  { title: 'School Videos', price: 49900, prices: { GBP: 49900, USD: 62900, EUR: 57900 } },
  { title: 'Running a School Podcast', price: 19900, prices: { GBP: 19900, USD: 24900 } },
];

describe('botReply', () => {
  it.each([
    ['Which courses do you have?', REPLIES.courses],
    ['Do you offer staff training', REPLIES.courses],
    ['I need support', REPLIES.support],
    ['help!', REPLIES.support],
    ['A technical question about video playback', REPLIES.support],
    ['Hello there', REPLIES.fallback],
  ])('answers %j with the right script', (message, reply) => {
    expect(botReply(message)).toBe(reply);
  });

  it.each(['Can we pay for the course by invoice?', 'Do you accept a purchase order?', 'Where do I put our PO number', 'Our finance office needs a quote'])(
    "answers the invoice question %j with the FAQ's words",
    (message) => {
      expect(botReply(message)).toBe(INVOICE_ANSWER);
    },
  );

  it.each(['What is the price?', 'How much does it COST for our school'])('answers %j with the catalogue prices', (message) => {
    const catalogue: BotCatalogue = { courses: COURSES, currency: 'GBP', locale: 'en-GB' };
    expect(botReply(message, catalogue)).toBe(pricingReply(catalogue));
  });

  it('checks price before course and course before support', () => {
    expect(botReply('help with the course price')).toBe(pricingReply(null));
    expect(botReply('help choosing a course')).toBe(REPLIES.courses);
  });

  it("quotes the catalogue in the visitor's currency, not a fixed £499", () => {
    const pounds = pricingReply({ courses: COURSES, currency: 'GBP', locale: 'en-GB' });
    expect(pounds).toContain('Most courses are £499.00 for your whole school (before VAT).');
    expect(pounds).toContain('The shorter Running a School Podcast course is £199.00.');
    const dollars = pricingReply({ courses: COURSES, currency: 'USD', locale: 'en-US' });
    expect(dollars).toContain('Most courses are $629.00 for your whole school.');
    expect(dollars).toContain('$249.00');
    expect(dollars).not.toMatch(/£|VAT/);
    // The podcast has no euro price: it is left out, not quoted in pounds.
    const euros = pricingReply({ courses: COURSES, currency: 'EUR', locale: 'en-GB' });
    expect(euros).toContain('€579.00');
    expect(euros).not.toMatch(/£|shorter/);
  });

  it('answers without figures when the catalogue is unknown', () => {
    for (const reply of [pricingReply(null), pricingReply({ courses: [], currency: 'GBP' })]) {
      expect(reply).not.toMatch(/[£$€]|\d/);
      expect(reply).toMatch(/invoice/);
    }
  });

  // Issue 34 #4: true now that an admin can agree a discount on an invoice order before issuing it.
  it('states only true terms: a discount agreed by invoice for several schools or a trust, no dated promises', () => {
    expect(QUOTE_SENTENCE).toBe('Buying for several schools or a trust? Ask for an invoice and we can agree a discount, shown on the invoice.');
    expect(QUOTE_SENTENCE).toBe(DISCOUNT_ANSWER);
    for (const reply of [pricingReply(null), pricingReply({ courses: COURSES, currency: 'GBP' })]) {
      expect(reply).toContain(QUOTE_SENTENCE);
      expect(reply).not.toMatch(/discount code|from (January|February|March|April|May|June|July|August|September|October|November|December)|20\d\d/);
      expect(reply).toMatch(/unlimited access/);
      expect(reply).toMatch(/community discussions/);
    }
  });

  it.each(['Do you offer a discount for a trust of five schools?', 'Bulk pricing for a multi-academy trust', 'Can we get a discount if we pay by invoice?'])(
    "answers the discount question %j: agreed by invoice, in the FAQ's words",
    (message) => {
      expect(botReply(message)).toBe(`${DISCOUNT_ANSWER} ${INVOICE_ANSWER}`);
    },
  );

  it('points the fallback at the contact form', () => {
    expect(REPLIES.fallback).toMatch(/contact form/);
    expect(REPLIES.fallback).toContain('Send us a message');
  });
});
