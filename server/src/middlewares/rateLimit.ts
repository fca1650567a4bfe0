import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { tooManyRequests } from '../errors.ts';

/**
 * Limits per purpose. Per-account limits are strict; per-address ones leave room for a whole
 * school's staff behind one NAT address (CONTRACT.md "Rate limits").
 */
const LIMITS = {
  loginAccount: { points: 10, duration: 15 * 60 },
  loginAddress: { points: 1000, duration: 15 * 60 },
  register: { points: 300, duration: 60 * 60 },
  forgotAccount: { points: 5, duration: 60 * 60 },
  forgotAddress: { points: 100, duration: 60 * 60 },
  resetAddress: { points: 100, duration: 60 * 60 },
  contact: { points: 20, duration: 60 * 60 },
  accessibilityReport: { points: 20, duration: 60 * 60 },
  comment: { points: 20, duration: 60 },
  // Discussion replies and reports (issue 58), each a budget of its own beside posting.
  commentReply: { points: 30, duration: 60 },
  commentReport: { points: 20, duration: 60 * 60 },
  // Comments and replies together in a day: far past any teacher's day, a bound on what one enrolled
  // account can add to the discussions (the per-minute budgets alone allowed over 70,000 a day).
  commentDay: { points: 300, duration: 24 * 60 * 60 },
  // External CPD entries a person adds to or removes from their transcript (issue 59).
  externalCpd: { points: 60, duration: 60 * 60 },
  // Views of shared CPD records (and their PDF) per address: a school office checking a few dozen applicants stays well inside.
  publicRecord: { points: 600, duration: 60 * 60 },
  // Knowledge-check attempts per learner (issue 36): retakes are unlimited, guessing by brute force is slowed.
  quizAttempt: { points: 30, duration: 10 * 60 },
  // Assignment submissions per learner (issue 50.8), a budget of their own: a learner submits a few
  // times a course (withdrawing and resubmitting included); each one re-runs the course's completion.
  assignmentSubmit: { points: 20, duration: 60 * 60 },
  upload: { points: 30, duration: 60 * 60 },
  // Whole-file exports per account, all kinds together: a school's or trust's register and
  // "Download my data" each read every row the caller may see, so one account asking in a loop
  // would hold the database; a manager checking the register through the day stays far inside.
  export: { points: 60, duration: 60 * 60 },
  // Resumable uploads per learner: new uploads, and the HEAD/PATCH/DELETE requests that carry and
  // resume them (tus clients send one PATCH per attempt, more on a flaky connection).
  uploadCreate: { points: 120, duration: 60 * 60 },
  uploadTransfer: { points: 3000, duration: 60 * 60 },
  // Invitation mails per manager (each request carries up to 50 addresses).
  invite: { points: 10, duration: 60 * 60 },
  // Shared invite links made per manager (no mail is sent: the manager hands the link out).
  inviteLink: { points: 60, duration: 60 * 60 },
  // Invitations accepted per account: guessing tokens is hopeless, trying stolen ones is slowed.
  inviteAccept: { points: 30, duration: 60 * 60 },
  verifyEmail: { points: 5, duration: 60 * 60 },
  // Verification mails per recipient address, however many accounts ask for them: registering and
  // deleting an account in a loop (a new account each time) would otherwise mail one address without end.
  verificationMail: { points: 3, duration: 24 * 60 * 60 },
  verifyAddress: { points: 300, duration: 60 * 60 },
  // Unsubscribe tokens are checked per address: mail providers' one-click posts share a few.
  unsubscribe: { points: 300, duration: 60 * 60 },
  // School sign-in: per address, roomy enough for a staff room signing in at once behind one NAT.
  signInStart: { points: 300, duration: 15 * 60 },
  signInCallback: { points: 300, duration: 15 * 60 },
  // Staff roster previews and uploads per manager (each up to 5,000 rows).
  roster: { points: 60, duration: 60 * 60 },
  // A manager's "Check now" for a domain's TXT record (each one a DNS look-up).
  domainCheck: { points: 30, duration: 60 * 60 },
  // A person founds one school; a few tries cover typos and a school left and made again.
  createSchool: { points: 5, duration: 24 * 60 * 60 },
  // Invoice requests per account (each mails support, and a receipt to the buyer's own verified
  // address; the billing address the buyer typed hears from us only once an admin issues the invoice).
  order: { points: 10, duration: 60 * 60 },
  // Each intent is a call to Stripe; a buyer retrying a declined card stays far below this.
  paymentIntent: { points: 30, duration: 60 * 60 },
  // Payment status checks per buyer: each asks Stripe again, so an account cannot spend the agency's
  // Stripe request budget; the return page asks six times while a payment settles.
  paymentStatus: { points: 120, duration: 60 * 60 },
  // Deleting an account checks the password: a stolen session must not guess it freely.
  deleteAccount: { points: 5, duration: 60 * 60 },
  // Directory tokens made per manager: a school needs one or two; making and revoking in a loop
  // would only add rows.
  directoryToken: { points: 20, duration: 60 * 60 },
  // Directory sync (SCIM) requests per school or trust, all its tokens together (more tokens buy
  // nothing): Entra ID's gallery asks 25 a second; this allows 50 sustained over a minute, bursts
  // included, and stops a leaked token from flooding the database.
  scimOwner: { points: 3000, duration: 60 },
} as const;

export type LimitName = keyof typeof LIMITS;

export type LimiterFactory = (name: LimitName, points: number, duration: number) => RateLimiterAbstract;

export const memoryLimiters: LimiterFactory = (name, points, duration) => new RateLimiterMemory({ keyPrefix: name, points, duration });

/**
 * Limits shared by every instance on one Redis. Should Redis be unreachable, each instance
 * falls back to counting in its own memory rather than refusing or waving everyone through.
 */
export function redisLimiters(redis: Redis, prefix = 'atrium'): LimiterFactory {
  return (name, points, duration) =>
    new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${prefix}:rl:${name}`,
      points,
      duration,
      insuranceLimiter: new RateLimiterMemory({ keyPrefix: `${name}-insurance`, points, duration }),
    });
}

export function connectRedis(url: string): Redis {
  // Fail fast: a rate-limit check must never hold a request while Redis is down.
  return new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000, lazyConnect: false });
}

export class RateLimits {
  private readonly limiters = new Map<LimitName, RateLimiterAbstract>();

  constructor(multiplier: number, factory: LimiterFactory = memoryLimiters) {
    for (const [name, limit] of Object.entries(LIMITS) as Array<[LimitName, (typeof LIMITS)[LimitName]]>) {
      const points = Math.max(1, Math.round(limit.points * multiplier));
      this.limiters.set(name, factory(name, points, limit.duration));
    }
  }

  /** Counts one attempt; throws 429 with Retry-After (and `message`, when given) once the limit is spent. */
  async consume(name: LimitName, key: string, message?: string): Promise<void> {
    try {
      await this.limiters.get(name)!.consume(key);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw tooManyRequests(rejection.msBeforeNext / 1000, message);
      throw rejection;
    }
  }

  /** Counts one use when the budget has room and says so; never throws for a spent budget (the caller decides what to skip). */
  async take(name: LimitName, key: string): Promise<boolean> {
    try {
      await this.limiters.get(name)!.consume(key);
      return true;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return false;
      throw rejection;
    }
  }

  /** Clears a key, e.g. failed logins after a successful one. */
  async reset(name: LimitName, key: string): Promise<void> {
    await this.limiters.get(name)!.delete(key);
  }
}
