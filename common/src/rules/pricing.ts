import { CURRENCY_NAMES, priceIn, type Currency, type PriceList } from './currency.ts';

/**
 * Whether a course costs anything, decided once for every path: the server's invoice request,
 * card payment and enrollment, and the portal's course card, course page and checkout. A price is
 * per currency ("0 = free in that currency", issue 28), so the question is always asked for one:
 * the currency the buyer named, else the one they are shown. A currency the course has no price
 * in is asked in pounds, as every screen shows such a course. So a course priced
 * {GBP: 49900, USD: 0} is free for a buyer in dollars (enroll at once: no order, no payment) and
 * £499 for one in pounds (an order or a card payment; enrolling alone is a 402), on every path.
 * No zod and no React: widgets may import this file as is.
 */

/** A course as a DTO or a row carries its price: `prices` when the answer has them, else GBP pence in `price`. */
export interface Priced {
  price: number | string;
  prices?: PriceList | undefined;
}

/** The price list of a course answer (an older answer has only the GBP `price`). */
export const priceListOf = (course: Priced): PriceList => course.prices ?? { GBP: Number(course.price) };

export interface PriceFor {
  /** Minor units of `currency`. */
  amount: number;
  /** The currency asked for, or GBP when the course has no price in it. */
  currency: Currency;
  /** The course has no price in the currency asked for: this is its GBP price. */
  fallback: boolean;
  /** Nothing to pay: enroll directly, never an order or a card payment. */
  free: boolean;
}

/**
 * What a course costs a buyer in `currency`, and whether that is nothing: `free` is the one answer
 * to "is this course free for a buyer in this currency?", which every path reads from here.
 */
export function priceFor(prices: PriceList, currency: Currency): PriceFor {
  const price = priceIn(prices, currency);
  return { ...price, free: price.amount <= 0 };
}

/** Why an order or a card payment for a free course is refused, naming the currency. */
export const freeCourseMessage = (currency: Currency): string => `This course is free in ${CURRENCY_NAMES[currency]}: enroll from the course page`;
