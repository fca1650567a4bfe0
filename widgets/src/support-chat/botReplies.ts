import type { CourseSummaryDto } from '@atrium/common/api/courses';
import { catalogueFigures, formatMoney, type Currency } from '@atrium/common/rules/currency';
import { DISCOUNT_ANSWER, INVOICE_ANSWER } from '@atrium/common/rules/orders';

/**
 * The support bot's script (SPEC §4, §9): a greeting, then one canned answer per keyword group.
 * SPEC's three groups stay; discounts for several schools, then invoices and purchase orders,
 * which schools ask about most, come first and are answered with the FAQ's own words.
 */

export interface ChatMessage {
  id: string;
  message: string;
  isUser: boolean;
  timestamp: number;
}

/**
 * What the bot quotes prices from: the catalogue (GET /api/courses) in the visitor's currency.
 * Null while it is unknown or could not be fetched: the bot then answers without figures rather
 * than with numbers that may be wrong.
 */
export interface BotCatalogue {
  courses: ReadonlyArray<Pick<CourseSummaryDto, 'title' | 'price'> & Partial<Pick<CourseSummaryDto, 'prices'>>>;
  currency: Currency;
  /** The reader's locale for the figures; en-GB when absent. */
  locale?: string;
}

/** The scripted reply follows the visitor's message after this long. */
export const BOT_REPLY_DELAY_MS = 1000;

export const GREETING =
  'Hi there! How can we help you today? Ask me about our courses, prices or support — or send us a message and a real person will reply within 30 minutes.';

/** True of every order: an admin can agree a discount on an invoice order before issuing it (the FAQ's words). */
export const QUOTE_SENTENCE = DISCOUNT_ANSWER;

const ACCESS_SENTENCE = 'Every purchase gives your whole staff unlimited access, including the community discussions in each module.';

export const REPLIES = {
  discount: `${DISCOUNT_ANSWER} ${INVOICE_ANSWER}`,
  invoice: INVOICE_ANSWER,
  courses:
    'We offer video courses on smartphone photography, creating videos for school marketing, running a school podcast, and marketing photos that don’t identify children. Each one tracks your progress and ends with a certificate.',
  support: 'Happy to help! For technical support, tap “Send us a message” below with a few details and our team will get back to you within 30 minutes.',
  fallback:
    'Thanks for your question! For anything I can’t answer here, please use our contact form — tap “Send us a message” below and we’ll reply within 30 minutes.',
} as const;

/**
 * The price answer from the catalogue: the price most courses have in the visitor's currency
 * (the higher on a tie) and the cheapest course when it is cheaper. Courses with no price in that
 * currency are left out rather than quoted in another one; with none left, no figures.
 */
export function pricingReply(catalogue: BotCatalogue | null | undefined): string {
  const figures = catalogue ? catalogueFigures(catalogue.courses, catalogue.currency) : null;
  if (!catalogue || !figures) {
    return `Each course is priced for your whole school, and you can pay by card or by invoice; the course list shows the prices in your currency. ${QUOTE_SENTENCE} ${ACCESS_SENTENCE}`;
  }
  const { usual, cheapest } = figures;
  const format = (minor: number) => formatMoney(minor, catalogue.currency, catalogue.locale);
  const vat = catalogue.currency === 'GBP' ? ' (before VAT)' : '';
  const shorter = cheapest.amount < usual ? ` The shorter ${cheapest.title} course is ${format(cheapest.amount)}.` : '';
  return `Most courses are ${format(usual)} for your whole school${vat}.${shorter} Schools can pay by card or by invoice. ${QUOTE_SENTENCE} ${ACCESS_SENTENCE}`;
}

type Topic = keyof typeof REPLIES | 'pricing';

const RULES: ReadonlyArray<{ keywords: readonly string[]; topic: Topic }> = [
  // Before "invoice" and "price": "a discount if we pay by invoice?" is a discount question.
  { keywords: ['discount', 'bulk', 'several schools', 'multi-academy', 'academy trust', 'a trust'], topic: 'discount' },
  // Before "course": "Can we pay for the course by invoice?" is an invoice question.
  { keywords: ['invoice', 'purchase order', 'p.o.', 'po number', 'finance office'], topic: 'invoice' },
  { keywords: ['price', 'cost'], topic: 'pricing' },
  { keywords: ['course', 'training'], topic: 'courses' },
  { keywords: ['support', 'help', 'technical'], topic: 'support' },
];

/** The first keyword group found in the message wins, in the order above. */
export function botReply(message: string, catalogue?: BotCatalogue | null): string {
  const text = message.toLowerCase();
  const topic = RULES.find((rule) => rule.keywords.some((keyword) => text.includes(keyword)))?.topic ?? 'fallback';
  return topic === 'pricing' ? pricingReply(catalogue) : REPLIES[topic];
}
