import { randomFillSync } from 'node:crypto';
import type Koa from 'koa';
import session from 'koa-session';
import { dialectOf, type Db, type Dialect } from '../db/knex.ts';
import { readRowsByKey, type KeyedRead } from '../db/hotStatements.ts';
import { cookieSigner } from './cookieSigner.ts';
import { User } from '../models/User.ts';

/** Idle sessions end after two weeks; a signed-in session ends after 30 days whatever happens. */
export const SESSION_IDLE_MS = 14 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_COOKIE = 'atrium.sid';

interface StoredSession {
  userId?: number;
  signedInAt?: number;
  [key: string]: unknown;
}

/**
 * A figure a route needs on every call, read in the same statement as the session so that the
 * call costs the database one round trip rather than two (routes/define.ts: a route's `preload`).
 * `sql` is a scalar subquery over the rows of the user whose id is in the column `userId` names;
 * its value is handed over as the driver gives it. The route reads the same subquery itself when
 * the session read did not carry it.
 */
export interface SessionPreload {
  sql(dialect: Dialect, userId: string): string;
}

/** Which preload, if any, the route that will answer this request asked for. */
export type PreloadFor = (method: string, path: string) => SessionPreload | undefined;

interface Stashed {
  userId: number;
  user: User | null;
  /** The preload's value; undefined when the request's route has none. */
  preloaded: unknown;
}

/**
 * The user row (and the route's preload) read together with the session, for loadUser and the
 * route, kept per request (keyed by the Koa context) and never across requests: a password reset
 * or "sign out everywhere" deletes the sessions, and the very next request reads that.
 */
const sessionUsers = new WeakMap<object, Stashed>();

/**
 * The user the session store read along with this request's session: a User, null when the
 * session names a user that no longer exists, undefined when it was not read (then query).
 */
export function sessionUser(ctx: object, userId: number): User | null | undefined {
  const stashed = sessionUsers.get(ctx);
  return stashed && stashed.userId === userId ? stashed.user : undefined;
}

/**
 * What the route's preload answered for `userId` with this request's session (null when SQL
 * answered NULL), or undefined when it was not read with it (no session, another user, the route
 * has none): then the route reads it itself.
 */
export function sessionPreloaded(ctx: object, userId: number): unknown {
  const stashed = sessionUsers.get(ctx);
  return stashed && stashed.userId === userId && stashed.user ? stashed.preloaded : undefined;
}

/**
 * Every request with a cookie sends this, so it is one of the hot reads (db/hotStatements.ts) rather
 * than built afresh each time. Never cached across requests: see sessionUsers above.
 */
type SessionWithUserRow = Record<string, unknown> & {
  sessionId: string;
  sessionData: string;
  sessionExpiresAt: number | string;
  sessionUserId: number | null;
  sessionPreload?: unknown;
};

const sessionSql = (preloadColumn: string) => (ids: string) =>
  `select users.*, sessions.id as session_id, sessions.data as session_data, sessions.expires_at as session_expires_at, sessions.user_id as session_user_id${preloadColumn}
  from sessions left join users on users.id = sessions.user_id
  where sessions.id in (${ids})`;

const SESSION_WITH_USER: KeyedRead<SessionWithUserRow> = { sql: sessionSql(''), keyOf: (row) => row.sessionId };

/** Per preload, its session read on each dialect: a read of its own, so it is batched with its own kind. */
const preloadReads = new WeakMap<SessionPreload, Record<Dialect, KeyedRead<SessionWithUserRow>>>();

function sessionRead(db: Db, preload: SessionPreload | undefined): KeyedRead<SessionWithUserRow> {
  if (!preload) return SESSION_WITH_USER;
  let reads = preloadReads.get(preload);
  if (!reads) {
    const withPreload = (dialect: Dialect): KeyedRead<SessionWithUserRow> => ({
      sql: sessionSql(`,\n    ${preload.sql(dialect, 'sessions.user_id')} as session_preload`),
      keyOf: (row) => row.sessionId,
    });
    reads = { sqlite: withPreload('sqlite'), mysql: withPreload('mysql') };
    preloadReads.set(preload, reads);
  }
  return reads[dialectOf(db)];
}

const SESSION_ID_BYTES = 32;
const idPool = Buffer.alloc(SESSION_ID_BYTES * 128);
let idPoolOffset = idPool.length;

/**
 * 256 random bits, base64url. koa-session draws an id for every request that arrives without a
 * cookie (and keeps it only if the request signs in), so ids come from a pool the CSPRNG refills
 * 128 at a time, rather than one call into it per anonymous request.
 */
export function newSessionId(): string {
  if (idPoolOffset === idPool.length) {
    randomFillSync(idPool);
    idPoolOffset = 0;
  }
  const id = idPool.toString('base64url', idPoolOffset, idPoolOffset + SESSION_ID_BYTES);
  // Each id is handed out once: its bytes are overwritten by the next refill.
  idPoolOffset += SESSION_ID_BYTES;
  return id;
}

/** koa-session's external store: the cookie holds only a random id, the data lives in `sessions`. */
export function databaseSessionStore(db: Db, preloadFor: PreloadFor = () => undefined) {
  return {
    /**
     * One query: the session and, joined in, its user (handed to loadUser through sessionUser)
     * and the preload of the route the request is for (sessionPreloaded).
     */
    async get(key: string, _maxAge?: unknown, options?: { ctx?: Koa.Context }): Promise<StoredSession | null> {
      const preload = options?.ctx ? preloadFor(options.ctx.method, options.ctx.path) : undefined;
      const [row] = await readRowsByKey(db, sessionRead(db, preload), key);
      if (!row || Number(row.sessionExpiresAt) <= Date.now()) return null;
      const data = JSON.parse(row.sessionData) as StoredSession;
      if (data.signedInAt && Date.now() - data.signedInAt > SESSION_ABSOLUTE_MS) return null;
      const userId = typeof data.userId === 'number' ? data.userId : undefined;
      // The row's own userId column is what the join used; it is the data's userId unless a
      // write of one lagged the other, in which case loadUser queries as before.
      if (options?.ctx && userId !== undefined && Number(row.sessionUserId) === userId) {
        const { sessionId: _id, sessionData: _data, sessionExpiresAt: _expiresAt, sessionUserId: _userId, sessionPreload, ...userColumns } = row;
        sessionUsers.set(options.ctx, {
          userId,
          user: userColumns.id === null || userColumns.id === undefined ? null : User.fromDatabaseJson(userColumns),
          preloaded: preload ? (sessionPreload ?? null) : undefined,
        });
      }
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

export function sessionMiddleware(app: Koa, db: Db, options: { secure: boolean; preloadFor?: PreloadFor }) {
  // The session cookie is the app's only signed cookie; sign it without keygrip's per-request costs.
  if (Array.isArray(app.keys)) app.keys = cookieSigner(app.keys);
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
      store: databaseSessionStore(db, options.preloadFor),
      // 256 bits of randomness; the id is the only thing the cookie carries.
      genid: newSessionId,
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
