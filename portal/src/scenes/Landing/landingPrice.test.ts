import { describe, expect, it } from 'vitest';
import type { CourseSummaryDto } from '@atrium/common/api/courses';
import { faqPricingAnswer, landingPrice } from './landingPrice.ts';

const course = (id: number, title: string, prices: CourseSummaryDto['prices']): CourseSummaryDto => ({
  id,
  title,
  description: '',
  price: prices!.GBP,
  prices,
  thumbnail: null,
  salesVideoId: null,
  totalModules: 5,
  totalDuration: 600,
});

const catalogue = [
  course(1, 'Photos', { GBP: 49900, USD: 59900, EUR: 54900 }),
  course(2, 'Videos', { GBP: 49900, USD: 59900, EUR: 54900 }),
  course(3, 'Running a School Podcast', { GBP: 19900, USD: 24900 }),
];

describe('landingPrice', () => {
  it("names the usual price and the cheaper course in the visitor's currency", () => {
    expect(landingPrice(catalogue, 'USD')).toEqual({
      headline: '$599.00 per course',
      detail: 'Our shorter course, Running a School Podcast, is $249.00.',
      // No "before VAT" where none is added (issue 34): only UK buyers pay UK VAT. A US visitor
      // is told about the tax they would ask about, sales tax, not the UK's (issue 53.6).
      note: 'Prices in US dollars. No sales tax is added. Invoice payment is available for schools.',
    });
    expect(landingPrice(catalogue, 'GBP')).toMatchObject({
      headline: '£499.00 per course',
      note: 'Prices in pounds, before VAT (UK buyers pay 20% VAT on top). Invoice payment is available for schools.',
    });
  });

  it('leaves out courses without a price in that currency, and has nothing to say before the catalogue loads', () => {
    expect(landingPrice(catalogue, 'EUR')).toMatchObject({ headline: '€549.00 per course', detail: null });
    expect(landingPrice(undefined, 'USD')).toBeNull();
    expect(landingPrice([course(4, 'Free', { GBP: 0 })], 'GBP')).toBeNull();
  });
});

describe('faqPricingAnswer', () => {
  it("answers in the visitor's currency from the catalogue, with no dated phrase", () => {
    const us = faqPricingAnswer(catalogue, 'USD', 'Invoices welcome.');
    // No VAT is added outside the UK, so no "before VAT" for dollars.
    expect(us).toBe('Most courses are $599.00 for the whole school. The shorter Running a School Podcast course is $249.00. Invoices welcome.');
    expect(us).not.toMatch(/£|20\d\d/);
    expect(faqPricingAnswer(catalogue, 'GBP', 'Invoices welcome.')).toMatch(
      /^Most courses are £499\.00 for the whole school \(before VAT\)\. .* is £199\.00\./,
    );
    expect(faqPricingAnswer(undefined, 'USD', 'Invoices welcome.')).toBeNull();
  });
});
