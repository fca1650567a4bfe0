import { unsubscribeDtoSchema, unsubscribeQuery, type UnsubscribeDto } from '@atrium/common';
import { badRequest } from '../../../errors.ts';
import type { AppContext } from '../../../context.ts';
import { unsubscribe } from '../../../commands/unsubscribe.ts';
import { isUnsubscribed } from '../../../queries/unsubscribes.ts';
import { userExists } from '../../../queries/users.ts';
import { readUnsubscribeToken, UNSUBSCRIBE_DESCRIPTIONS, type UnsubscribeTarget } from '../../../services/unsubscribe.ts';
import type { Routes } from '../../define.ts';

const INVALID = 'This unsubscribe link is not valid: it may have been altered or cut short. Nothing was changed.';

async function target(ctx: AppContext, token: string): Promise<UnsubscribeTarget> {
  const found = readUnsubscribeToken(token, ctx.deps.config.sessionKeys);
  // A signed token for an account deleted since is as good as a broken one: nothing to change.
  if (!found || !(await userExists(ctx.deps.db, found.userId))) throw badRequest(INVALID, { token: INVALID });
  return found;
}

async function present(ctx: AppContext, found: UnsubscribeTarget): Promise<UnsubscribeDto> {
  const unsubscribed = await isUnsubscribed(ctx.deps.db, found.userId, found.category);
  return { category: found.category, description: UNSUBSCRIBE_DESCRIPTIONS[found.category], unsubscribed };
}

/**
 * One-click unsubscribe (RFC 8058). The token in the link names the user and the category, so
 * these routes need no session and no origin: a mail provider POSTs to the List-Unsubscribe
 * address with `List-Unsubscribe=One-Click` as a form body, which is not read. A browser that
 * opens the address is sent to the portal's confirmation page.
 */
export function unsubscribeRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/unsubscribe',
    access: 'public',
    cache: 'no-store',
    rateLimit: { limit: 'unsubscribe', by: 'ip' },
    query: unsubscribeQuery,
    answer: { body: unsubscribeDtoSchema },
    async handler(ctx) {
      if (ctx.accepts('json', 'html') === 'html') {
        ctx.redirect(`/unsubscribe?token=${encodeURIComponent(ctx.input.query.token)}`);
        return;
      }
      ctx.body = await present(ctx, await target(ctx, ctx.input.query.token));
    },
  });

  routes.add({
    method: 'post',
    path: '/api/unsubscribe',
    access: 'public',
    cache: 'no-store',
    rateLimit: { limit: 'unsubscribe', by: 'ip' },
    query: unsubscribeQuery,
    answer: { body: unsubscribeDtoSchema },
    async handler(ctx) {
      const found = await target(ctx, ctx.input.query.token);
      await unsubscribe(ctx.deps.db, ctx.deps.clock, found);
      ctx.state.log.info({ userId: found.userId, category: found.category }, 'unsubscribed');
      ctx.body = await present(ctx, found);
    },
  });
}
