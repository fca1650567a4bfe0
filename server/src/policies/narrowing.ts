// A route policy that narrows another one: an owner's policy (schoolManager, trustManager) first,
// then a finer rule of the route. The route table keeps the policy itself (routes/define.ts), so
// the authorization matrix can ask what a route's policy is built on instead of trusting its name.

/** A route's policy (routes/define.ts `policy`): refuses by throwing, may leave what it loaded on `ctx.state`. */
export type RoutePolicy<Ctx> = (ctx: Ctx) => Promise<void> | void;

/** Each narrowing policy's base, recorded where it is made (policies are module-level functions, kept for the process's life). */
const bases = new WeakMap<object, object>();

/**
 * The policy that runs `base`, then `narrower`, under the narrower's name (the one the route table
 * and the API reference show): whoever `base` refuses is refused as before, with its status and
 * message, and `narrower` only ever sees callers `base` let through.
 */
export function narrowing<Base, Ctx extends Base>(base: RoutePolicy<Base>, narrower: (ctx: Ctx) => Promise<void>): (ctx: Ctx) => Promise<void> {
  const policy = async (ctx: Ctx): Promise<void> => {
    await base(ctx);
    await narrower(ctx);
  };
  Object.defineProperty(policy, 'name', { value: narrower.name });
  bases.set(policy, base);
  return policy;
}

/** Whether `policy` is `base` itself or made by `narrowing` from it (at any depth). */
export function builtOn(policy: object | undefined, base: object): boolean {
  for (let at = policy; at !== undefined; at = bases.get(at)) if (at === base) return true;
  return false;
}
