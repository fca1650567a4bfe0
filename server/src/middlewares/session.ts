import { randomBytes } from 'node:crypto';
import type Koa from 'koa';
import session from 'koa-session';
import type { Db } from '../db/knex.ts';

/** Idle sessions end after two weeks; a signed-in session ends after 30 days whatever happens. */
export const SESSION_IDLE_MS = 14 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_COOKIE = 'atrium.sid';

interface StoredSession {
  userId?: number;
  signedInAt?: number;
  [key: string]: unknown;
}

/** koa-session's external store: the cookie holds only a random id, the data lives in `sessions`. */
export function databaseSessionStore(db: Db) {
  return {
    async get(key: string): Promise<StoredSession | null> {
      const row = await db('sessions').select('data', 'expiresAt').where({ id: key }).first();
      if (!row || Number(row.expiresAt) <= Date.now()) return null;
      const data = JSON.parse(row.data) as StoredSession;
      if (data.signedInAt && Date.now() - data.signedInAt > SESSION_ABSOLUTE_MS) return null;
      return data;
    },
    async set(key: string, value: StoredSession, maxAge: number | 'session' | undefined): Promise<void> {
      const ttl = typeof maxAge === 'number' ? maxAge : SESSION_IDLE_MS;
      const row = {
        id: key,
        userId: value.userId ?? null,
        data: JSON.stringify(value),
        expiresAt: Date.now() + ttl,
        createdAt: Date.now(),
      };
      await db('sessions').insert(row).onConflict('id').merge(['userId', 'data', 'expiresAt']);
    },
    async destroy(key: string): Promise<void> {
      await db('sessions').where({ id: key }).delete();
    },
  };
}

export function sessionMiddleware(app: Koa, db: Db, options: { secure: boolean }) {
  return session(
    {
      key: SESSION_COOKIE,
      maxAge: SESSION_IDLE_MS,
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secure,
      signed: true,
      // Extends the idle window when a session is more than half way to expiry.
      renew: true,
      rolling: false,
      store: databaseSessionStore(db),
      // 256 bits of randomness; the id is the only thing the cookie carries.
      genid: () => randomBytes(32).toString('base64url'),
    },
    app,
  );
}

/** Ends every session a user has (password reset, sign out everywhere). */
export async function destroyUserSessions(db: Db, userId: number): Promise<void> {
  await db('sessions').where({ userId }).delete();
}

export async function pruneExpiredSessions(db: Db): Promise<number> {
  return db('sessions').where('expiresAt', '<=', Date.now()).delete();
}
