import { describe, expect, it } from 'vitest';
import { createUser, signIn } from '../test/factories.ts';
import { useTestServer } from '../test/useTestServer.ts';

const server = useTestServer();
const RESTRICTIVE = "default-src 'none';frame-ancestors 'none'";

describe('/api/* answers', () => {
  it('carry a restrictive CSP and CORP same-origin, read or write, signed in or not', async () => {
    const client = server.client();
    await signIn(client, await createUser(server.db));
    const answers = [
      await server.client().get('/api/user'),
      await client.get('/api/user'),
      await client.get('/api/dashboard'),
      await client.get('/api/orders'),
      await server.client().post('/api/login', { email: 'nobody@school.test', password: 'wrong-password' }),
      await client.get('/api/no-such-route'),
    ];
    for (const answer of answers) {
      expect(answer.headers.get('content-security-policy')).toBe(RESTRICTIVE);
      expect(answer.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('leave the public widget and credential endpoints readable from other origins', async () => {
    for (const path of ['/api/courses', '/api/config', '/api/credentials/issuer', '/api/credentials/revocations']) {
      const answer = await server.client().get(path);
      expect(answer.headers.get('cross-origin-resource-policy'), path).toBe('cross-origin');
      expect(answer.headers.get('content-security-policy'), path).toBeNull();
    }
    // The contact form's POST is a widget endpoint too.
    const contact = await server.client().post('/api/contact', {});
    expect(contact.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });
});
