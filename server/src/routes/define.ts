import Router from '@koa/router';
import type { Middleware } from 'koa';
import compose from 'koa-compose';
import type { z, ZodType } from 'zod';
import { unauthorized } from '../errors.ts';
import { zodToHttp } from '../middlewares/errors.ts';
import type { LimitName } from '../middlewares/rateLimit.ts';
import { requireAdmin } from '../policies/index.ts';
import type { AppContext, AppContextExtensions, AppState } from '../context.ts';
import type { User } from '../models/User.ts';
import { callerNetwork } from '../services/callerNetwork.ts';

/** Who may call a route at all; finer rules (ownership, enrollment) live in policies/. */
export type Access = 'public' | 'user' | 'admin';
export type Method = 'get' | 'head' | 'post' | 'put' | 'patch' | 'delete';

type Parsed<T> = [T] extends [never] ? undefined : T extends ZodType ? z.output<T> : undefined;

export type RouteContext<B, Q, P, A extends Access> = AppContext & {
  input: { body: Parsed<B>; query: Parsed<Q>; params: Parsed<P> };
  state: AppState & { user: A extends 'public' ? User | null : User };
};

/**
 * One counted limit (middlewares/rateLimit.ts): per caller address, per signed-in user, or per
 * a key made from the validated input (the id of the account an address names, looked up).
 */
export interface RateLimitRule<C> {
  limit: LimitName;
  by: 'ip' | 'user' | ((ctx: C) => string | Promise<string>);
  /** Counted only for calls this says yes to (read from the validated input), e.g. an order that also creates a school. */
  when?: (ctx: C) => boolean;
}

/**
 * What a route answers on success: its status and the zod schema of its JSON body, a DTO schema
 * from common/src/api (whose type is inferred from it). The API reference is made from it and
 * the drift test (routes/openapi/drift.test.ts) holds the running server's answers to it.
 */
export interface Answer {
  /** 200 unless said. */
  status?: 200 | 201 | 204 | 302 | 303;
  /** The JSON body's schema. */
  body?: ZodType;
  /** The answer's media type, when not JSON; a list when it is the stored file's own (one of those). */
  contentType?: string | readonly string[];
  /** Headers every success carries, each with what it says (a redirect's `Location`, tus's `Upload-Offset`). */
  headers?: Readonly<Record<string, string>>;
}

export interface RouteSpec<B extends ZodType, Q extends ZodType, P extends ZodType, A extends Access> {
  method: Method;
  path: string;
  access: A;
  body?: B;
  query?: Q;
  params?: P;
  /** What it answers on success: the API reference documents it and the drift test holds the server to it. */
  answer: Answer;
  /**
   * Counted in order once access is checked. Rules keyed by the caller come before `before`
   * and validation, so a flood of malformed requests is limited too; when a rule needs the
   * input, all of the route's rules wait for validation so they are still counted in order.
   */
  rateLimit?: RateLimitRule<RouteContext<B, Q, P, A>> | Array<RateLimitRule<RouteContext<B, Q, P, A>>>;
  /**
   * How a shared cache may keep the answer. Answers about a person or a secret say `no-store`
   * (set before the handler runs, so an error answer is not kept either); leave it out for
   * public answers whose handler sets its own freshness (the catalogue's ETag, for example).
   */
  cache?: CachePolicy;
  /**
   * The finer rule (policies/) that decides whether this caller may act on what the input
   * names, such as `schoolManager`: run after validation, before the handler, so a refused call
   * does nothing. Named here so the route table shows it.
   */
  policy?: (ctx: RouteContext<B, Q, P, A>) => Promise<void> | void;
  /** Runs after access and caller-keyed rate limits are checked, before validation (uploads). */
  before?: Array<Middleware<AppState, AppContextExtensions>>;
  handler(ctx: RouteContext<B, Q, P, A>): Promise<void> | void;
}

export type CachePolicy = 'no-store' | 'private, no-store';

/** One page of a paged list: the rows asked for and how many there are in all. */
export interface Page<T> {
  rows: T[];
  total: number;
}

/** Answers one page of a list: the rows as the body and the whole count in `X-Total-Count`. */
export function sendPage<T>(ctx: Pick<AppContext, 'set' | 'body'>, page: Page<T>): void {
  ctx.set('X-Total-Count', String(page.total));
  ctx.body = page.rows;
}

export interface RouteInfo {
  method: Method;
  path: string;
  access: Access;
  /** The limits a call counts against, so the table shows which routes are limited. */
  rateLimits: LimitName[];
  cache?: CachePolicy;
  /** The name of the route's policy, when it has one. */
  policy?: string;
  /** The policy itself, so a test can ask what it is built on (policies/narrowing.ts `builtOn`), not only its name. */
  policyFunction?: object;
  /** The zod schemas the route validates its input with (the API reference is made from them). */
  input: { body?: ZodType; query?: ZodType; params?: ZodType };
  answer: Answer;
}

/**
 * The group a path belongs to: its first two segments, lower-cased ("/api/courses", "/healthz").
 * No route has a parameter there, so every path of a group is served by the group's router, and
 * a request is matched against the dozen routes of its group rather than all of them.
 */
export function routeGroup(path: string): string {
  const second = path.indexOf('/', 1);
  const third = second === -1 ? -1 : path.indexOf('/', second + 1);
  return (third === -1 ? path : path.slice(0, third)).replace(/\/+$/, '').toLowerCase();
}

type RouteMiddleware = Middleware<AppState, AppContextExtensions>;

/** The route table: every route says who may call it, so the table itself can be tested. */
export class Routes {
  readonly table: RouteInfo[] = [];
  private readonly groups = new Map<string, Router<AppState, AppContextExtensions>>();

  add<A extends Access, B extends ZodType = never, Q extends ZodType = never, P extends ZodType = never>(spec: RouteSpec<B, Q, P, A>): void {
    const group = routeGroup(spec.path);
    if (group.includes(':') || group.includes('(')) throw new Error(`${spec.path}: a parameter in the first two segments would defeat routeGroup()`);
    const rules = rateLimitRules(spec);
    if (spec.access === 'public' && rules.some((rule) => rule.by === 'user')) throw new Error(`${spec.path}: a public route has no user to count by`);
    this.table.push({
      method: spec.method,
      path: spec.path,
      access: spec.access,
      rateLimits: rules.map((rule) => rule.limit),
      cache: spec.cache,
      policy: spec.policy?.name,
      policyFunction: spec.policy,
      input: { body: spec.body, query: spec.query, params: spec.params },
      answer: spec.answer,
    });
    let router = this.groups.get(group);
    if (!router) {
      router = new Router<AppState, AppContextExtensions>();
      this.groups.set(group, router);
    }
    router[spec.method](spec.path, routeMiddleware(spec) as Parameters<Router<AppState, AppContextExtensions>['get']>[1]);
  }

  /** Matches the request against its group's routes (404 when none, 405 for a wrong method). */
  middleware(): RouteMiddleware {
    const dispatchers = new Map<string, RouteMiddleware>();
    for (const [group, router] of this.groups) dispatchers.set(group, compose([router.routes(), router.allowedMethods()]) as RouteMiddleware);
    return (ctx, next) => {
      const dispatch = dispatchers.get(routeGroup(ctx.path));
      return dispatch ? dispatch(ctx, next) : next();
    };
  }
}

type AnyRule = RateLimitRule<never>;

function rateLimitRules(spec: { rateLimit?: AnyRule | AnyRule[] }): AnyRule[] {
  if (!spec.rateLimit) return [];
  return Array.isArray(spec.rateLimit) ? spec.rateLimit : [spec.rateLimit];
}

/** Counts the call against each rule in turn; the first one spent answers 429. */
function limiter(rules: AnyRule[]): ((ctx: AppContext) => Promise<void>) | null {
  if (!rules.length) return null;
  return async (ctx) => {
    for (const rule of rules) {
      if (rule.when && !(rule.when as (ctx: AppContext) => boolean)(ctx)) continue;
      const key =
        rule.by === 'ip'
          ? callerNetwork(ctx.ip)
          : rule.by === 'user'
            ? String(ctx.state.user!.id)
            : await (rule.by as (ctx: AppContext) => string | Promise<string>)(ctx);
      await ctx.deps.limits.consume(rule.limit, key);
    }
  };
}

/** Access check, rate limits, the route's own `before` steps, validation, the policy, then the handler: one router layer. */
function routeMiddleware<A extends Access>(spec: RouteSpec<ZodType, ZodType, ZodType, A>): RouteMiddleware {
  const validated = validator(spec);
  const rules = rateLimitRules(spec as { rateLimit?: AnyRule | AnyRule[] });
  const limit = limiter(rules);
  const limitAfterValidation = rules.some((rule) => typeof rule.by === 'function' || rule.when !== undefined);
  const limitEarly = limitAfterValidation ? null : limit;
  const limitLate = limitAfterValidation ? limit : null;
  const cache = spec.cache;
  const policy = spec.policy;
  const handle = async (ctx: AppContext) => {
    validated(ctx);
    if (limitLate) await limitLate(ctx);
    if (policy) await policy(ctx as never);
    await spec.handler(ctx as never);
  };
  const before = spec.before?.length ? compose(spec.before) : null;
  return async (ctx) => {
    if (cache) ctx.set('Cache-Control', cache);
    if (spec.access !== 'public' && !ctx.state.user) throw unauthorized();
    if (spec.access === 'admin') requireAdmin(ctx.state.user);
    if (limitEarly) await limitEarly(ctx);
    if (before) await before(ctx, () => handle(ctx));
    else await handle(ctx);
  };
}

const LOCATIONS = ['params', 'query', 'body'] as const;

/** Parses the route's params, query and body with its schemas into ctx.input (400 on the first failure). */
function validator(schemas: { body?: ZodType; query?: ZodType; params?: ZodType }): (ctx: AppContext) => void {
  const locations = LOCATIONS.filter((location) => schemas[location]);
  return (ctx) => {
    const input: Record<string, unknown> = {};
    for (const location of locations) {
      const raw = location === 'params' ? (ctx as unknown as { params: unknown }).params : location === 'query' ? ctx.query : (ctx.request.body ?? {});
      const result = schemas[location]!.safeParse(raw);
      if (!result.success) throw zodToHttp(result.error, location);
      input[location] = result.data;
    }
    ctx.input = input;
  };
}
