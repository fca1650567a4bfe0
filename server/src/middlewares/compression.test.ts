import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse } from '../test/factories.ts';
import { createTestServer, type TestServer } from '../test/server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
  // Enough courses for the catalogue to pass the 1 KB threshold.
  for (let i = 0; i < 12; i += 1) await createCourse(server, { description: 'Take photos parents love with the phone in your pocket. '.repeat(3) });
});
afterAll(() => server.close());

/** A raw GET: fetch would undo the encoding before the test could see it. */
function get(path: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('response compression', () => {
  it('gzips JSON for a client that accepts it, and says it varies on Accept-Encoding', async () => {
    const plain = await get('/api/courses', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const zipped = await get('/api/courses', { 'accept-encoding': 'gzip' });
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(String(zipped.headers.vary)).toMatch(/Accept-Encoding/i);
    expect(zipped.body.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(gunzipSync(zipped.body).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));
  });

  it('leaves small answers alone', async () => {
    const small = await get('/healthz', { 'accept-encoding': 'gzip, br' });
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
