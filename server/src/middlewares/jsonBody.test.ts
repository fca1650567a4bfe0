import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe('JSON bodies', () => {
  it('says a body that does not parse is not valid JSON', async () => {
    for (const raw of ['{"email":', '{"a":}', 'nul', '"just a string"']) {
      const response = await server.client().request('POST', '/api/login', { raw, headers: { 'content-type': 'application/json' } });
      expect(response.status, raw).toBe(400);
      expect(response.body, raw).toEqual({ message: 'The request body is not valid JSON', id: 'invalid_json' });
    }
  });

  it('still answers 413 for a body over 1 MB and 415 for one that is not JSON', async () => {
    const huge = JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(1_100_000) });
    const tooLarge = await server.client().request('POST', '/api/login', { raw: huge, headers: { 'content-type': 'application/json' } });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toEqual({ message: 'The request is too large', id: 'payload_too_large' });
    const form = await server.client().request('POST', '/api/login', { raw: 'email=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(415);
  });
});
