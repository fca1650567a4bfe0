import { randomBytes } from 'node:crypto';
import type Koa from 'koa';
import session from 'koa-session';
import type { Database } from '../db/database.ts';
import type { Db } from '../db/knex.ts';

/** Idle sessions end after two weeks; a signed-in session ends after 30 days whatever happens. */
export const SESSION_IDLE_MS = 14 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_COOKIE = 'atrium.sid';

/**
 * "Now" for everything kept in a session (its expiry, when its user signed in, a link grant):
 * wall-clock time, like the cookie's own expiry, and deliberately not the app clock, which
 * tests move by days or months while a learner stays signed in (services/clock.ts).
 */
export const sessionNow = (): number => Date.now();

interface StoredSession {
  userId?: number;
  signedInAt?: number;
  [key: string]: unknown;
}

/** 256 random bits, base64url: the only thing the cookie carries. */
export const newSessionId = (): string => randomBytes(32).toString('base64url');

/**
 * koa-session's external store: the cookie holds only a random id, the data lives in `sessions`.
 * Reading a session reads its user in the same statement and hands it to loadUser on
 * `ctx.state.sessionUser`, for this request only: a password reset or "sign out everywhere"
 * deletes the sessions, and the very next request reads that.
 */
export function databaseSessionStore(database: Database) {
  const db = database.knex;
  /** The session each request found in the store (by its context): saving that one only updates it. */
  const found = new WeakMap<object, string>();
  return {
    async get(key: string, _maxAge?: unknown, options?: { ctx?: Koa.Context }): Promise<StoredSession | null> {
      const row = await database.readSessionWithUser(key);
      if (!row || row.expiresAt <= sessionNow()) return null;
      const data = JSON.parse(row.data) as StoredSession;
      if (data.signedInAt && sessionNow() - data.signedInAt > SESSION_ABSOLUTE_MS) return null;
      if (options?.ctx) found.set(options.ctx, key);
      // The row's user_id column is what the join used; it is the data's userId unless a write of
      // one lagged the other, in which case loadUser queries the user itself.
      if (options?.ctx && typeof data.userId === 'number' && row.userId === data.userId) {
        options.ctx.state.sessionUser = { userId: data.userId, user: row.user };
      }
      return data;
    },
    async set(key: string, value: StoredSession, maxAge: number | 'session' | undefined, options?: { ctx?: Koa.Context }): Promise<void> {
      const ttl = typeof maxAge === 'number' ? maxAge : SESSION_IDLE_MS;
      const changes = { userId: value.userId ?? null, data: JSON.stringify(value), expiresAt: sessionNow() + ttl };
      // A session this request found is saved by updating its row, never by writing it again: a
      // password change, a reset or "sign out everywhere" may have deleted it while the request was
      // under way, and an upsert at its end (a renewal, a changed value) would sign that device back in.
      if (options?.ctx && found.get(options.ctx) === key) {
        await db('sessions').where({ id: key }).update(changes);
        return;
      }
      await db('sessions')
        .insert({ id: key, ...changes, createdAt: sessionNow() })
        .onConflict('id')
        .merge(['userId', 'data', 'expiresAt']);
    },
    async destroy(key: string): Promise<void> {
      await db('sessions').where({ id: key }).delete();
    },
  };
}

export function sessionMiddleware(app: Koa, database: Database, options: { secure: boolean }) {
  return session(
    {
      key: SESSION_COOKIE,
      maxAge: SESSION_IDLE_MS,
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secure,
      // Signed with the app's keys, newest first, so SESSION_SECRET can be rotated (CookieKeys:
      // keygrip's signatures, checked for less CPU).
      signed: true,
      // Extends the idle window when a session is more than half way to expiry.
      renew: true,
      rolling: false,
      store: databaseSessionStore(database),
      genid: newSessionId,
    },
    app,
  );
}

export async function pruneExpiredSessions(db: Db): Promise<number> {
  return db('sessions').where('expiresAt', '<=', sessionNow()).delete();
}
