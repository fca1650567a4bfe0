import type { Middleware } from 'koa';
import { User } from '../models/User.ts';
import { sessionUser } from './session.ts';
import type { AppContextExtensions, AppState } from '../context.ts';

/** Loads the signed-in user, if any, onto ctx.state.user. */
export const loadUser: Middleware<AppState, AppContextExtensions> = async (ctx, next) => {
  const userId = ctx.session?.userId as number | undefined;
  if (userId) {
    // Usually read by the session store in the same query as the session; queried otherwise.
    const stashed = sessionUser(ctx, userId);
    const user = stashed === undefined ? await User.query(ctx.deps.db).findById(userId) : stashed;
    if (user) ctx.state.user = user;
    else ctx.session = null;
  }
  return next();
};
