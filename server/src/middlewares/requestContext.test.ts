import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { AppContextExtensions, AppState } from '../context.ts';
import { requestContext } from './requestContext.ts';

/** A Koa app with only requestContext and `handler`, its log lines collected. */
async function serve(level: string, handler: Koa.Middleware<AppState, AppContextExtensions>) {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
  const children: unknown[] = [];
  const child = logger.child.bind(logger);
  logger.child = ((bindings: pino.Bindings) => {
    children.push(bindings);
    return child(bindings);
  }) as typeof logger.child;
  const app = new Koa<AppState, AppContextExtensions>();
  app.context.deps = { logger } as unknown as AppContextExtensions['deps'];
  app.use(requestContext);
  app.use(handler);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; requestId: string }>((resolve, reject) => {
      const { port } = server.address() as AddressInfo;
      httpRequest({ host: '127.0.0.1', port, path, headers }, (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode!, requestId: String(response.headers['x-request-id']) }));
      })
        .on('error', reject)
        .end();
    });
  return { lines, children, get, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('requestContext', () => {
  it('logs one access line per request, with the request id the answer carries', async () => {
    const app = await serve('info', (ctx) => {
      ctx.state.log.info('inside');
      ctx.body = 'ok';
    });
    try {
      const answer = await app.get('/api/invites/abcdefghijklmnopqrstuvwxyz', { 'x-request-id': 'trace-1234567890' });
      expect(answer.requestId).toBe('trace-1234567890');
      expect(app.lines.map((line) => [line.msg, line.requestId])).toEqual([
        ['inside', 'trace-1234567890'],
        ['request', 'trace-1234567890'],
      ]);
      expect(app.lines[1]).toMatchObject({ method: 'GET', path: '/api/invites/:redacted', status: 200 });
      expect(app.children).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it('makes no request logger while nothing is logged, and still logs what a handler logs at a level that is on', async () => {
    const app = await serve('warn', (ctx) => {
      if (ctx.path === '/warn') ctx.state.log.warn('careful');
      ctx.body = 'ok';
    });
    try {
      const quiet = await app.get('/quiet');
      expect(quiet.status).toBe(200);
      expect(app.children).toHaveLength(0);
      expect(app.lines).toEqual([]);
      const loud = await app.get('/warn');
      expect(app.children).toHaveLength(1);
      expect(app.lines).toEqual([expect.objectContaining({ msg: 'careful', requestId: loud.requestId })]);
    } finally {
      await app.close();
    }
  });
});
