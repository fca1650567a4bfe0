/** Telling "the database is unreachable for now" apart from a bug, and logging outages sparingly. */

/**
 * Driver codes meaning "the database cannot be reached or dropped the connection", not "the
 * query is wrong": mysql2's socket and protocol errors, MariaDB's shutdown and too-many-
 * connections answers, SQLite's lock held past busy_timeout.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'PROTOCOL_ENQUEUE_AFTER_FATAL_ERROR',
  'PROTOCOL_ENQUEUE_AFTER_QUIT',
  'ER_CON_COUNT_ERROR',
  'ER_TOO_MANY_USER_CONNECTIONS',
  'ER_SERVER_SHUTDOWN',
  'ER_CONNECTION_KILLED',
  'ER_NET_READ_ERROR',
  'ER_NET_READ_INTERRUPTED',
  'ER_NET_ERROR_ON_WRITE',
  'ER_NET_WRITE_INTERRUPTED',
  'SQLITE_BUSY',
]);

/** Messages of the same conditions where the driver or the pool sets no code. */
const UNAVAILABLE_MESSAGE =
  /Knex: Timeout acquiring a connection|Unable to acquire a connection|Connection lost|connect ECONNREFUSED|Can't add new command when connection is in closed state|Connection terminated unexpectedly/;

/**
 * True for errors that mean the database is unreachable for now (answered 503, retry later)
 * rather than a bug (500). Looks through `cause` and an AggregateError's `errors` (Node's
 * happy-eyeballs connect reports one per address tried).
 */
export function isDatabaseUnavailable(raw: unknown, depth = 0): boolean {
  if (!raw || typeof raw !== 'object' || depth > 4) return false;
  const error = raw as { name?: unknown; code?: unknown; fatal?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (error.name === 'KnexTimeoutError') return true;
  if (typeof error.code === 'string' && UNAVAILABLE_CODES.has(error.code)) return true;
  if (typeof error.message === 'string' && UNAVAILABLE_MESSAGE.test(error.message)) return true;
  // mysql2 marks errors after which the connection is unusable as fatal.
  if (error.fatal === true && typeof error.code === 'string' && !error.code.startsWith('ER_')) return true;
  if (error.cause && isDatabaseUnavailable(error.cause, depth + 1)) return true;
  return Array.isArray(error.errors) && error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
}

interface OutageLogger {
  warn(object: object, message: string): void;
}

/** At most one outage line per interval, however many requests fail during it. */
const OUTAGE_LOG_INTERVAL_MS = 10_000;

/**
 * The outage log of one app (held by its Database): the first failure at once (with its code, no
 * stack), then one line per interval saying how many more there were, so a restart under load
 * writes a few lines instead of one per request. Per app rather than per process, so two apps in
 * one process (tests, the two-instance check) never silence each other.
 */
export class OutageLog {
  private loggedAt = 0;
  private suppressed = 0;

  /** A database outage seen by a request, the mailer, the scheduler or the readiness check. */
  noteOutage(log: OutageLogger, raw: unknown, where: string): void {
    const now = Date.now();
    if (now - this.loggedAt < OUTAGE_LOG_INTERVAL_MS) {
      this.suppressed += 1;
      return;
    }
    const error = raw as { code?: unknown } | null;
    const code = typeof error?.code === 'string' ? error.code : undefined;
    // The whole error (stack included) once per interval: should a bug ever look like an outage,
    // this line is where it shows.
    log.warn({ code, err: raw, where, suppressed: this.suppressed }, 'database unavailable: answering 503');
    this.loggedAt = now;
    this.suppressed = 0;
  }

  /** Called when the database answers again (readiness check): says so once, with the count. */
  noteRecovered(log: { info(object: object, message: string): void }): void {
    if (this.loggedAt === 0) return;
    log.info({ suppressed: this.suppressed }, 'database reachable again');
    this.loggedAt = 0;
    this.suppressed = 0;
  }
}
