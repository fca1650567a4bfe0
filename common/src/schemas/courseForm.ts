import { z } from 'zod';
import { poundsToPence } from '../rules/money.ts';
import type { PriceList } from '../rules/currency.ts';
import { courseFormSchema } from './catalogue.ts';

/** A price as typed in dollars or euros ("599", "$1,299.50", "€ 549"); empty: not offered in it. */
const offeredPrice = (symbol: string, example: string) =>
  z.string().transform((value, ctx) => {
    const typed = value.trim().replace(/^[$€£]\s*/, '');
    if (typed === '') return null;
    const minor = poundsToPence(typed);
    if (minor === null) {
      ctx.addIssue({ code: 'custom', message: `Enter the price in ${symbol}, for example ${example}, or leave it empty` });
      return z.NEVER;
    }
    return minor;
  });

/** The admin course form with the optional dollar and euro prices beside the pounds. */
export const coursePricesFormSchema = courseFormSchema.extend({
  priceUsd: offeredPrice('dollars', '599 or 649.99'),
  priceEur: offeredPrice('euros', '549 or 579.50'),
});

/** The form's parsed prices as the API's list: GBP always, the others when given. */
export function priceListOf(parsed: { price: number; priceUsd: number | null; priceEur: number | null }): PriceList {
  return { GBP: parsed.price, ...(parsed.priceUsd === null ? {} : { USD: parsed.priceUsd }), ...(parsed.priceEur === null ? {} : { EUR: parsed.priceEur }) };
}
