import type { Middleware } from 'koa';
import type { User } from '../models/User.ts';
import type { AppContextExtensions, AppState } from '../context.ts';

/**
 * Loads the signed-in user, if any, onto ctx.state.user. Usually the session store read the user
 * in the same statement as the session (ctx.state.sessionUser) and this step awaits nothing;
 * otherwise it queries.
 */
export const loadUser: Middleware<AppState, AppContextExtensions> = (ctx, next) => {
  const userId = ctx.session?.userId as number | undefined;
  if (!userId) return next();
  const use = (user: User | null | undefined) => {
    if (user) ctx.state.user = user;
    else ctx.session = null;
    return next();
  };
  const read = ctx.state.sessionUser;
  if (read && read.userId === userId) return use(read.user);
  return ctx.deps.db('users').where({ id: userId }).first().then(use);
};
