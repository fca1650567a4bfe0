import type { CourseSummaryDto } from '@atrium/common/api/courses';
import { catalogueFigures, CURRENCY_NAMES, type Currency } from '@atrium/common/rules/currency';
import { TAX_RULES } from '@atrium/common/rules/tax';
import { money } from '../../components/coursePrice.ts';

/**
 * The pricing card's words in the visitor's currency, from the catalogue: the price most courses
 * have, and the cheapest course when it is cheaper. Null until the catalogue is known, or when
 * no course is priced in that currency (the card's own words, in pounds, stand then).
 */
export function landingPrice(
  courses: readonly CourseSummaryDto[] | undefined,
  currency: Currency,
): { headline: string; detail: string | null; note: string } | null {
  const figures = figuresOf(courses, currency);
  if (!figures) return null;
  const { usual, cheapest } = figures;
  return {
    headline: `${money(usual, currency)} per course`,
    detail: cheapest.amount < usual ? `Our shorter course, ${cheapest.title}, is ${money(cheapest.amount, currency)}.` : null,
    note: `Prices in ${CURRENCY_NAMES[currency]}${vatNote(currency)} Invoice payment is available for schools.`,
  };
}

/**
 * The FAQ's answer to "How much does a course cost?" from the same figures as the pricing card,
 * so a US visitor reads dollars there too; null until the catalogue is known (the FAQ then
 * answers without figures).
 */
export function faqPricingAnswer(courses: readonly CourseSummaryDto[] | undefined, currency: Currency, invoiceAnswer: string): string | null {
  const figures = figuresOf(courses, currency);
  if (!figures) return null;
  const { usual, cheapest } = figures;
  const shorter = cheapest.amount < usual ? ` The shorter ${cheapest.title} course is ${money(cheapest.amount, currency)}.` : '';
  const vat = currency === 'GBP' ? ' (before VAT)' : '';
  return `Most courses are ${money(usual, currency)} for the whole school${vat}.${shorter} ${invoiceAnswer}`;
}

function figuresOf(courses: readonly CourseSummaryDto[] | undefined, currency: Currency) {
  return courses ? catalogueFigures(courses, currency) : null;
}

/**
 * "before VAT" only where VAT is added (rules/tax.ts: UK buyers alone pay UK VAT; buyers
 * elsewhere, with or without a VAT number, pay none). A visitor is known by currency only:
 * pounds are shown to the UK, dollars and euros to buyers outside it.
 */
function vatNote(currency: Currency): string {
  if (currency === 'GBP') return `, before VAT (UK buyers pay ${TAX_RULES.uk.rateBasisPoints / 100}% VAT on top).`;
  // Dollars are shown to US visitors, who ask about sales tax (TAX_RULES.outside: none is added).
  if (currency === 'USD') return '. No sales tax is added.';
  return '. No VAT is added for buyers outside the UK.';
}
