import type { CourseSummaryDto } from '@atrium/common/api/courses';
import { CURRENCY_NAMES, priceIn, type Currency } from '@atrium/common/rules/currency';
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
  const figures = catalogueFigures(courses, currency);
  if (!figures) return null;
  const { usual, cheapest } = figures;
  return {
    headline: `${money(usual, currency)} per course`,
    detail: cheapest.amount < usual ? `Our shorter course, ${cheapest.title}, is ${money(cheapest.amount, currency)}.` : null,
    note: `Prices in ${CURRENCY_NAMES[currency]}, before VAT. Invoice payment is available for schools.`,
  };
}

/**
 * The FAQ's answer to "How much does a course cost?" from the same figures as the pricing card,
 * so a US visitor reads dollars there too; null until the catalogue is known (the FAQ then
 * answers without figures).
 */
export function faqPricingAnswer(courses: readonly CourseSummaryDto[] | undefined, currency: Currency, invoiceAnswer: string): string | null {
  const figures = catalogueFigures(courses, currency);
  if (!figures) return null;
  const { usual, cheapest } = figures;
  const shorter = cheapest.amount < usual ? ` The shorter ${cheapest.title} course is ${money(cheapest.amount, currency)}.` : '';
  return `Most courses are ${money(usual, currency)} for the whole school.${shorter} ${invoiceAnswer}`;
}

/** The price most courses have in `currency` (the higher on a tie), and the cheapest course. */
function catalogueFigures(
  courses: readonly CourseSummaryDto[] | undefined,
  currency: Currency,
): { usual: number; cheapest: { title: string; amount: number } } | null {
  if (!courses) return null;
  const priced = courses
    .map((course) => ({ course, price: priceIn(course.prices ?? { GBP: course.price }, currency) }))
    .filter(({ price }) => price.amount > 0 && !price.fallback);
  if (priced.length === 0) return null;
  const counts = new Map<number, number>();
  for (const { price } of priced) counts.set(price.amount, (counts.get(price.amount) ?? 0) + 1);
  const usual = [...counts].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]![0];
  const cheapest = priced.reduce((low, entry) => (entry.price.amount < low.price.amount ? entry : low));
  return { usual, cheapest: { title: cheapest.course.title, amount: cheapest.price.amount } };
}
