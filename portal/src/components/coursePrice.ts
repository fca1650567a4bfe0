import { CURRENCY_NAMES, formatMoney, type Currency } from '@atrium/common/rules/currency';
import { priceFor, priceListOf, type Priced } from '@atrium/common/rules/pricing';

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
  /** Nothing to pay in the chosen currency: the one rule the server's checkout and enrollment ask too (common/rules/pricing.ts). */
  free: boolean;
  /** "$599.00", or "Free". */
  text: string;
  /** Set when the course has no price in the chosen currency and shows its GBP price instead. */
  note: string | null;
}

/** What a course costs the reader in the currency they chose (GBP, said so, when it has no such price). */
export function shownPrice(course: Priced, chosen: Currency): ShownPrice {
  const { amount, currency, fallback, free } = priceFor(priceListOf(course), chosen);
  return {
    amount,
    currency,
    free,
    text: free ? 'Free' : money(amount, currency),
    note: fallback ? `Priced in pounds: no ${CURRENCY_NAMES[chosen].replace(/s$/, '')} price for this course` : null,
  };
}

/** Every price a course is offered at, for the admin: "£499.00 · $599.00", "£499.00 · free in US dollars", or "Free". */
export function priceListText(course: Priced): string {
  const offered = Object.entries(priceListOf(course)) as Array<[Currency, number]>;
  if (offered.every(([, amount]) => amount <= 0)) return 'Free';
  return offered.map(([currency, amount]) => (amount > 0 ? money(amount, currency) : `free in ${CURRENCY_NAMES[currency]}`)).join(' · ');
}
