import { currencyChoiceSchema, type CurrencyChoiceDto } from '@atrium/common';
import { User } from '../../../models/User.ts';
import { announceCurrency, rememberCurrency, shownCurrency } from '../../../services/currency.ts';
import type { Routes } from '../../define.ts';

/** The header's currency switcher: which currency prices are shown in, and changing it. */
export function currencyRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/currency',
    access: 'public',
    async handler(ctx) {
      const currency = shownCurrency(ctx);
      announceCurrency(ctx, currency);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { currency } satisfies CurrencyChoiceDto;
    },
  });

  routes.add({
    method: 'put',
    path: '/api/currency',
    access: 'public',
    body: currencyChoiceSchema,
    async handler(ctx) {
      const { currency } = ctx.input.body;
      rememberCurrency(ctx, currency);
      const user = ctx.state.user;
      if (user && user.currency !== currency) {
        await User.query(ctx.deps.db).patch({ currency }).where({ id: user.id });
        user.currency = currency;
      }
      announceCurrency(ctx, currency);
      ctx.body = { currency } satisfies CurrencyChoiceDto;
    },
  });
}
