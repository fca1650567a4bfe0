import { timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/knex.ts';
import { hashToken } from '../tokens.ts';
import type { Clock } from '../clock.ts';
import type { IdentityProviderKey } from './claims.ts';
import { SignInError } from './errors.ts';

/** A sign-in has this long between leaving for the provider and coming back. */
export const SIGN_IN_FLOW_TTL_MS = 10 * 60 * 1000;

export interface SignInFlow {
  provider: IdentityProviderKey;
  nonce: string;
  codeVerifier: string;
  returnTo: string;
  /** The signed-in account a provider is being linked to (from /profile), or null for a sign-in. */
  linkUserId: number | null;
  /** A school connection's "Test sign-in": the manager running it. Its answer signs nobody in. */
  testedBy: number | null;
}

/**
 * Keeps a flow's secrets on the server while the browser is at the provider: keyed by the hash
 * of `state` (which travels through the provider), bound to the browser by the hash of a random
 * id in a signed cookie (so a callback URL sent to someone else does not sign them in), expiring
 * by the app's clock. Flows that expired unused are swept when a new one starts.
 */
export async function saveFlow(db: Db, clock: Clock, input: SignInFlow & { state: string; browserId: string }): Promise<void> {
  const now = clock.now().getTime();
  await db('signInFlows').where('expiresAt', '<', now).delete();
  await db('signInFlows').insert({
    stateHash: hashToken(input.state),
    browserHash: hashToken(input.browserId),
    provider: input.provider,
    nonce: input.nonce,
    codeVerifier: input.codeVerifier,
    returnTo: input.returnTo,
    linkUserId: input.linkUserId,
    testedBy: input.testedBy,
    expiresAt: now + SIGN_IN_FLOW_TTL_MS,
  });
}

/**
 * Takes the flow `state` names, once: the delete that removes it is the claim, so a replayed or
 * concurrent second callback finds nothing. Refuses it for another browser, another provider or
 * after its expiry.
 */
export async function claimFlow(db: Db, clock: Clock, input: { state: string; browserId: string | null; provider: IdentityProviderKey }): Promise<SignInFlow> {
  const stateHash = hashToken(input.state);
  const row = await db('signInFlows').where({ stateHash }).first();
  if (!row) throw new SignInError('expired', 'no sign-in flow for this state (unknown, already used or swept)');
  const claimed = await db('signInFlows').where({ stateHash }).delete();
  if (claimed !== 1) throw new SignInError('expired', 'the sign-in flow was already used');
  if (!input.browserId || !sameHash(row.browserHash, hashToken(input.browserId)))
    throw new SignInError('invalid', 'the callback came to another browser than the one that started it');
  if (row.provider !== input.provider) throw new SignInError('invalid', `flow started for ${row.provider}, callback for ${input.provider}`);
  if (Number(row.expiresAt) <= clock.now().getTime()) throw new SignInError('expired', 'the sign-in flow expired');
  return {
    provider: row.provider,
    nonce: row.nonce,
    codeVerifier: row.codeVerifier,
    returnTo: row.returnTo,
    linkUserId: row.linkUserId === null ? null : Number(row.linkUserId),
    testedBy: row.testedBy === null || row.testedBy === undefined ? null : Number(row.testedBy),
  };
}

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Where a sign-in may send the browser afterwards: a path on this site ("/courses/3?x=1"), never
 * another origin ("//evil.example", "https://…", "/\\evil", control characters), else "/".
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length > 500 || !value.startsWith('/') || value.startsWith('//')) return '/';
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f || code === 0x5c) return '/';
  }
  const base = 'https://atrium.invalid';
  try {
    const url = new URL(value, base);
    if (url.origin !== base || url.pathname.startsWith('/api/')) return '/';
    return url.pathname + url.search + url.hash;
  } catch {
    return '/';
  }
}
