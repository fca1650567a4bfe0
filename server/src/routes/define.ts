import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { z, ZodType } from 'zod';
import { unauthorized } from '../errors.ts';
import { zodToHttp } from '../middlewares/errors.ts';
import { requireAdmin } from '../policies/index.ts';
import type { AppContext, AppContextExtensions, AppState } from '../context.ts';
import type { User } from '../models/User.ts';

/** Who may call a route at all; finer rules (ownership, enrollment) live in policies/. */
export type Access = 'public' | 'user' | 'admin';
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

type Parsed<T> = [T] extends [never] ? undefined : T extends ZodType ? z.output<T> : undefined;

export type RouteContext<B, Q, P, A extends Access> = AppContext & {
  input: { body: Parsed<B>; query: Parsed<Q>; params: Parsed<P> };
  state: AppState & { user: A extends 'public' ? User | null : User };
};

export interface RouteSpec<B extends ZodType, Q extends ZodType, P extends ZodType, A extends Access> {
  method: Method;
  path: string;
  access: A;
  body?: B;
  query?: Q;
  params?: P;
  /** Runs after access is checked and before validation (rate limits, uploads). */
  before?: Array<Middleware<AppState, AppContextExtensions>>;
  handler(ctx: RouteContext<B, Q, P, A>): Promise<void> | void;
}

export interface RouteInfo {
  method: Method;
  path: string;
  access: Access;
}

/** The route table: every route says who may call it, so the table itself can be tested. */
export class Routes {
  readonly router = new Router<AppState, AppContextExtensions>();
  readonly table: RouteInfo[] = [];

  add<A extends Access, B extends ZodType = never, Q extends ZodType = never, P extends ZodType = never>(
    spec: RouteSpec<B, Q, P, A>,
  ): void {
    this.table.push({ method: spec.method, path: spec.path, access: spec.access });
    const chain: Array<Middleware<AppState, AppContextExtensions>> = [accessCheck(spec.access), ...(spec.before ?? [])];
    chain.push(validate(spec));
    chain.push(spec.handler as unknown as Middleware<AppState, AppContextExtensions>);
    this.router[spec.method](spec.path, ...(chain as Parameters<Router<AppState, AppContextExtensions>['get']>[1][]));
  }
}

function accessCheck(access: Access): Middleware<AppState, AppContextExtensions> {
  return async (ctx, next) => {
    if (access !== 'public' && !ctx.state.user) throw unauthorized();
    if (access === 'admin') requireAdmin(ctx.state.user);
    return next();
  };
}

function validate(schemas: { body?: ZodType; query?: ZodType; params?: ZodType }): Middleware<AppState, AppContextExtensions> {
  return async (ctx, next) => {
    const input: Record<string, unknown> = {};
    for (const location of ['params', 'query', 'body'] as const) {
      const schema = schemas[location];
      if (!schema) continue;
      const raw =
        location === 'params'
          ? (ctx as unknown as { params: unknown }).params
          : location === 'query'
            ? ctx.query
            : (ctx.request.body ?? {});
      const result = schema.safeParse(raw);
      if (!result.success) throw zodToHttp(result.error, location);
      input[location] = result.data;
    }
    ctx.input = input;
    return next();
  };
}
