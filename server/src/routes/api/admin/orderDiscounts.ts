import { idParams, orderDiscountSchema, orderDtoSchema } from '@atrium/common';
import { removeOrderDiscount, setOrderDiscount } from '../../../commands/orderDiscounts.ts';
import { presentOrder } from '../../../presenters/orders.ts';
import type { Routes } from '../../define.ts';

/** A discount an admin agrees on an invoice order before issuing its invoice (README "Prices, currencies and invoices"). */
export function adminOrderDiscountRoutes(routes: Routes): void {
  routes.add({
    method: 'put',
    path: '/api/admin/orders/:id/discount',
    access: 'admin',
    cache: 'no-store',
    params: idParams,
    body: orderDiscountSchema,
    answer: { body: orderDtoSchema },
    async handler(ctx) {
      const { db } = ctx.deps;
      const order = await setOrderDiscount(db, ctx.input.params.id, ctx.input.body, ctx.state.user.id, ctx.now());
      ctx.state.log.info({ orderId: order.id, kind: order.discountKind, value: order.discountValue, by: ctx.state.user.id }, 'order discount set');
      ctx.body = presentOrder(order);
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/admin/orders/:id/discount',
    access: 'admin',
    cache: 'no-store',
    params: idParams,
    answer: { body: orderDtoSchema },
    async handler(ctx) {
      const order = await removeOrderDiscount(ctx.deps.db, ctx.input.params.id);
      ctx.state.log.info({ orderId: order.id, by: ctx.state.user.id }, 'order discount removed');
      ctx.body = presentOrder(order);
    },
  });
}
