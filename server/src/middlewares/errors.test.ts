import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isDatabaseUnavailable, OutageLog } from '../db/availability.ts';
import { errorHandler, toHttpError } from './errors.ts';
import { requestContext } from './requestContext.ts';
import { conflict, emailTaken, notEnrolled } from '../errors.ts';
import type { ApiErrorDto } from '@atrium/common';
import type { AppContextExtensions, AppState } from '../context.ts';

async function serve(thrower: () => void): Promise<{ status: number; body: ApiErrorDto; retryAfter: string | null }> {
  const app = new Koa<AppState, AppContextExtensions>();
  app.silent = true;
  app.context.deps = { logger: pino({ level: 'silent' }), database: { outages: new OutageLog() } } as unknown as AppContextExtensions['deps'];
  app.use(requestContext);
  app.use(errorHandler);
  app.use(() => thrower());
  const server = createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/x`);
    return { status: response.status, body: await response.json(), retryAfter: response.headers.get('retry-after') };
  } finally {
    server.close();
  }
}

describe('errorHandler', () => {
  it('answers an unexpected error with a 500 that reveals nothing', async () => {
    const response = await serve(() => {
      throw new Error('SQLITE_ERROR: no such column users.password_hash at /srv/app/x.ts:12');
    });
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ message: 'Something went wrong on our side. Please try again.', id: 'internal' });
  });

  it('keeps the status, message and stable id of our own errors', async () => {
    const response = await serve(() => {
      throw conflict('Already there');
    });
    expect(response).toEqual({ status: 409, body: { message: 'Already there', id: 'conflict' }, retryAfter: null });
  });

  it('sends the specific id that tells a case apart from others with the same status', async () => {
    expect(
      (
        await serve(() => {
          throw emailTaken();
        })
      ).body,
    ).toMatchObject({ id: 'email_taken' });
    const response = await serve(() => {
      throw notEnrolled('Enroll first');
    });
    expect(response).toEqual({ status: 403, body: { message: 'Enroll first', id: 'not_enrolled' }, retryAfter: null });
  });

  it('answers an unknown API path with the not_found id', async () => {
    const response = await serve(() => undefined);
    expect(response).toEqual({ status: 404, body: { message: 'Not found', id: 'not_found' }, retryAfter: null });
  });

  it('gives a 4xx raised by Koa the id of its status', async () => {
    const response = await serve(() => {
      throw Object.assign(new Error('Forbidden'), { status: 403, expose: true });
    });
    expect(response).toEqual({ status: 403, body: { message: 'Forbidden', id: 'forbidden' }, retryAfter: null });
  });

  it('turns a stray ZodError into a 400 with field errors', async () => {
    const response = await serve(() => {
      z.object({ email: z.string() }).parse({});
      throw new Error('unreachable');
    });
    expect(response.status).toBe(400);
    expect(response.body.id).toBe('validation_failed');
    expect(response.body.errors).toHaveProperty('email');
  });

  it('maps a lost database connection to 503 with Retry-After and nothing about the database', async () => {
    const response = await serve(() => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3306'), { code: 'ECONNREFUSED' });
    });
    expect(response.status).toBe(503);
    expect(response.retryAfter).toBe('5');
    expect(response.body).toEqual({ message: 'The service is temporarily unavailable. Please try again shortly.', id: 'database_unavailable' });
  });
});

const withCode = (code: string, message = 'failed', extra: object = {}) => Object.assign(new Error(message), { code, ...extra });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['refused (MariaDB down)', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:3306')],
    ['reset mid-query (MariaDB killed)', withCode('ECONNRESET', 'select 1 - read ECONNRESET', { fatal: true })],
    ['connection lost', withCode('PROTOCOL_CONNECTION_LOST', 'Connection lost: The server closed the connection.', { fatal: true })],
    ['connect timeout (MariaDB hung)', withCode('ETIMEDOUT', 'connect ETIMEDOUT')],
    ['server shutting down', withCode('ER_SERVER_SHUTDOWN', 'Server shutdown in progress')],
    ['connection killed', withCode('ER_CONNECTION_KILLED', 'Connection was killed')],
    ['too many connections', withCode('ER_CON_COUNT_ERROR', 'Too many connections')],
    ['SQLite locked past busy_timeout', withCode('SQLITE_BUSY', 'database is locked')],
    ['enqueue after a fatal error', withCode('PROTOCOL_ENQUEUE_AFTER_FATAL_ERROR')],
    ['a transaction on a closed connection', new Error("ROLLBACK - Can't add new command when connection is in closed state")],
    ['the pool acquire timeout', Object.assign(new Error('Knex: Timeout acquiring a connection. The pool is probably full.'), { name: 'KnexTimeoutError' })],
    ['a fatal socket error without a known code', withCode('EWHATEVER', 'socket gone', { fatal: true })],
    ['a happy-eyeballs AggregateError', new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'connect failed')],
    ['a wrapped cause', new Error('query failed', { cause: withCode('PROTOCOL_CONNECTION_LOST') })],
  ])('is true for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    const http = toHttpError(error);
    expect(http.status).toBe(503);
    expect(http.headers).toEqual({ 'Retry-After': '5' });
  });

  it.each([
    ['a syntax error', withCode('ER_PARSE_ERROR', 'You have an error in your SQL syntax', { fatal: false })],
    ['a duplicate key', withCode('ER_DUP_ENTRY', 'Duplicate entry')],
    ['a deadlock', withCode('ER_LOCK_DEADLOCK', 'Deadlock found')],
    ['an access-denied handshake (configuration, not an outage)', withCode('ER_ACCESS_DENIED_ERROR', 'Access denied', { fatal: true })],
    ['a SQLite constraint', withCode('SQLITE_CONSTRAINT_FOREIGNKEY', 'FOREIGN KEY constraint failed')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error at all', 'ECONNREFUSED'],
    ['null', null],
  ])('is false for %s (a 500)', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(toHttpError(error).status).toBe(500);
  });
});

describe('OutageLog', () => {
  it('logs the first failure at once and then one summary per interval, not a line per request', () => {
    const lines: Array<{ object: Record<string, unknown>; message: string }> = [];
    const log = { warn: (object: object, message: string) => lines.push({ object: object as Record<string, unknown>, message }) };
    const outages = new OutageLog();
    for (let i = 0; i < 500; i += 1) outages.noteOutage(log, withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:3306'), 'GET /api/dashboard');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.message).toBe('database unavailable: answering 503');
    expect(lines[0]!.object).toMatchObject({ code: 'ECONNREFUSED', where: 'GET /api/dashboard', suppressed: 0 });
    expect(lines[0]!.object).not.toHaveProperty('stack');
  });
});
