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

interface Schemas {
  body?: ZodType;
  query?: ZodType;
  params?: ZodType;
}

type Parsed<S extends Schemas> = {
  body: S['body'] extends ZodType ? z.output<S['body']> : undefined;
  query: S['query'] extends ZodType ? z.output<S['query']> : undefined;
  params: S['params'] extends ZodType ? z.output<S['params']> : undefined;
};

export type RouteContext<S extends Schemas, A extends Access> = AppContext & {
  input: Parsed<S>;
  state: AppState & { user: A extends 'public' ? User | null : User };
};

export interface RouteSpec<S extends Schemas, A extends Access> extends Schemas {
  method: Method;
  path: string;
  access: A;
  /** Runs after access is checked and before validation (rate limits, uploads). */
  before?: Array<Middleware<AppState, AppContextExtensions>>;
  handler(ctx: RouteContext<S, A>): Promise<void> | void;
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

  add<S extends Schemas, A extends Access>(spec: RouteSpec<S, A> & S): void {
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

function validate(schemas: Schemas): Middleware<AppState, AppContextExtensions> {
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
