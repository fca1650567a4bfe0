import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorHandler } from './errors.ts';
import { requestContext } from './requestContext.ts';
import { conflict } from '../errors.ts';
import type { AppContextExtensions, AppState } from '../context.ts';

async function serve(thrower: () => never): Promise<{ status: number; body: { message: string; errors?: Record<string, string> } }> {
  const app = new Koa<AppState, AppContextExtensions>();
  app.silent = true;
  app.context.deps = { logger: pino({ level: 'silent' }) } as AppContextExtensions['deps'];
  app.use(requestContext);
  app.use(errorHandler);
  app.use(() => thrower());
  const server = createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/x`);
    return { status: response.status, body: await response.json() };
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
    expect(response.body).toEqual({ message: 'Something went wrong on our side. Please try again.' });
  });

  it('keeps the status and message of our own errors', async () => {
    const response = await serve(() => {
      throw conflict('Already there');
    });
    expect(response).toEqual({ status: 409, body: { message: 'Already there' } });
  });

  it('turns a stray ZodError into a 400 with field errors', async () => {
    const response = await serve(() => {
      z.object({ email: z.string() }).parse({});
      throw new Error('unreachable');
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toHaveProperty('email');
  });

  it('maps a lost database connection to 503', async () => {
    const response = await serve(() => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3306'), { code: 'ECONNREFUSED' });
    });
    expect(response.status).toBe(503);
  });
});
