import { currencyChoiceDtoSchema, currencyChoiceSchema, type CurrencyChoiceDto } from '@atrium/common';
import { saveCurrencyChoice } from '../../../commands/currency.ts';
import { announceCurrency, rememberCurrency, shownCurrency } from '../../../services/currency.ts';
import type { Routes } from '../../define.ts';

/** The header's currency switcher: which currency prices are shown in, and changing it. */
export function currencyRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/currency',
    access: 'public',
    cache: 'no-store',
    answer: { body: currencyChoiceDtoSchema },
    async handler(ctx) {
      const currency = shownCurrency(ctx);
      announceCurrency(ctx, currency);
      ctx.body = { currency } satisfies CurrencyChoiceDto;
    },
  });

  routes.add({
    method: 'put',
    path: '/api/currency',
    access: 'public',
    body: currencyChoiceSchema,
    answer: { body: currencyChoiceDtoSchema },
    async handler(ctx) {
      const { currency } = ctx.input.body;
      rememberCurrency(ctx, currency);
      const user = ctx.state.user;
      if (user && user.currency !== currency) {
        await saveCurrencyChoice(ctx.deps.db, user.id, currency);
        user.currency = currency;
      }
      announceCurrency(ctx, currency);
      ctx.body = { currency } satisfies CurrencyChoiceDto;
    },
  });
}
