import { currencyForLocales, isCurrency, priceFor, type Currency, type PriceFor, type PriceList } from '@atrium/common';
import type { AppContext } from '../context.ts';
import { badRequest } from '../errors.ts';

/** The visitor's choice from the header switcher; readable by the portal, no secret in it. */
export const CURRENCY_COOKIE = 'atrium_currency';
const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * The currency the caller is shown prices in: the switcher's cookie (this browser's latest
 * choice), else a signed-in user's saved choice, else their Accept-Language (en-US → USD, a
 * euro-area locale → EUR, otherwise GBP).
 */
export function shownCurrency(ctx: AppContext): Currency {
  const cookie = ctx.cookies.get(CURRENCY_COOKIE);
  if (isCurrency(cookie)) return cookie;
  const saved = ctx.state.user?.currency;
  if (isCurrency(saved)) return saved;
  return currencyForLocales(ctx.get('accept-language'));
}

/** Says which currency an answer's prices were shown in, and that the answer depends on it. */
export function announceCurrency(ctx: AppContext, currency: Currency): void {
  ctx.set('X-Currency', currency);
  // One call: each parses the Vary header so far (the dashboard's CPU counts it, issue 54).
  ctx.vary(['Accept-Language', 'Cookie']);
}

export function rememberCurrency(ctx: AppContext, currency: Currency): void {
  ctx.cookies.set(CURRENCY_COOKIE, currency, {
    httpOnly: false,
    sameSite: 'lax',
    secure: ctx.secure,
    maxAge: ONE_YEAR_MS,
    overwrite: true,
    signed: false,
  });
}

/**
 * What a purchase (or an enrollment) costs, from the server's price list only, and whether that is
 * nothing (common/rules/pricing.ts, the one rule every path asks). An explicitly requested
 * currency the course has no price in is a 400 naming `currency`; the caller's shown currency
 * falls back to GBP, as every screen shows such a course.
 */
export function purchasePrice(prices: PriceList, requested: Currency | undefined, shown: Currency): PriceFor {
  if (requested !== undefined && prices[requested] === undefined) {
    throw badRequest(`This course has no ${requested} price`, { currency: `Not offered in ${requested}: choose ${Object.keys(prices).join(' or ')}` });
  }
  return priceFor(prices, requested ?? shown);
}
