import { CURRENCY_NAMES, formatMoney, priceIn, type Currency, type PriceList } from '@atrium/common/rules/currency';

let pinnedLocale: string | undefined;

/**
 * Writes every amount in this locale from now on: the one the server wrote a server-rendered
 * page's prices in (ssr/pageState.ts), so hydrating it writes the same text.
 */
export function pinReaderLocale(locale: string | undefined): void {
  pinnedLocale = locale;
}

/** The reader's locale for numbers ("en-US" writes $1,299.00, "de-DE" 1.299,00 $). */
export const readerLocale = (): string | undefined => pinnedLocale ?? (typeof navigator === 'undefined' ? undefined : navigator.language);

/** Minor units as money in the reader's locale: the one way the portal writes an amount. */
export const money = (minor: number, currency: Currency | string): string => formatMoney(minor, currency, readerLocale());

export interface ShownPrice {
  amount: number;
  currency: Currency;
  /** "$599.00", or "Free". */
  text: string;
  /** Set when the course has no price in the chosen currency and shows its GBP price instead. */
  note: string | null;
}

/** What a course costs the reader in the currency they chose (GBP, said so, when it has no such price). */
export function shownPrice(course: { price: number; prices?: PriceList }, chosen: Currency): ShownPrice {
  const prices: PriceList = course.prices ?? { GBP: course.price };
  const { amount, currency, fallback } = priceIn(prices, chosen);
  return {
    amount,
    currency,
    text: amount === 0 ? 'Free' : money(amount, currency),
    note: fallback ? `Priced in pounds: no ${CURRENCY_NAMES[chosen].replace(/s$/, '')} price for this course` : null,
  };
}

/** Every price a course is offered at, for the admin: "£499.00 · $599.00", or "Free". */
export function priceListText(course: { price: number; prices?: PriceList }): string {
  const prices: PriceList = course.prices ?? { GBP: course.price };
  const offered = (Object.entries(prices) as Array<[Currency, number]>).filter(([, amount]) => amount > 0);
  return offered.length === 0 ? 'Free' : offered.map(([currency, amount]) => money(amount, currency)).join(' · ');
}
