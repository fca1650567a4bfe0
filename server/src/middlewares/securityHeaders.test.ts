import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/server.ts';
import { generateCredentialSigningKey } from '../config.ts';
import { helmetHeaders, PORTAL_CSP } from './securityHeaders.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe('security headers', () => {
  it('sends a CSP that allows exactly Stripe and Vimeo, forbids framing by others, and nosniff', async () => {
    const response = await server.client().get('/', { accept: 'text/html' });
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain('frame-src https://player.vimeo.com https://js.stripe.com https://hooks.stripe.com');
    expect(csp).toContain("frame-ancestors 'self'");
    // @vimeo/player's oEmbed request goes to the bare host, which `*.vimeo.com` does not match.
    expect(csp).toContain("connect-src 'self' https://api.stripe.com https://vimeo.com https://player.vimeo.com");
    expect(csp).toContain("img-src 'self' data: blob: https://i.vimeocdn.com");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('never leaks the reset token as a referrer', async () => {
    const response = await server.client().get('/reset-password?token=abc', { accept: 'text/html' });
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });

  const pageOnly = ['x-dns-prefetch-control', 'origin-agent-cluster', 'cross-origin-opener-policy', 'x-download-options', 'x-xss-protection'];

  it('lets other origins load the widgets and read public API answers, without the headers that only govern a page', async () => {
    const api = await server.client().get('/api/courses');
    expect(api.status).toBe(200);
    expect(api.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    for (const header of pageOnly) expect(api.headers.get(header), header).toBeNull();
    // The example pages stand in for a school's site and keep the full set.
    const example = await server.client().get('/examples/', { accept: 'text/html' });
    expect(example.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(example.headers.get('x-dns-prefetch-control')).not.toBeNull();
  });

  it('keeps the portal’s CSP on portal paths that merely start with "examples"', async () => {
    // The portal answers any client route with its page: /examples-x is the app, not an example page.
    for (const path of ['/examples-x', '/examplesx/y']) {
      const page = await server.client().get(path, { accept: 'text/html' });
      expect(page.status, path).toBe(200);
      expect(page.headers.get('content-security-policy'), path).toContain("script-src 'self' https://js.stripe.com");
      expect(page.headers.get('cross-origin-resource-policy'), path).toBe('same-origin');
    }
    expect((await server.client().get('/examples', { accept: 'text/html' })).headers.get('content-security-policy')).toBeNull();
  });

  it('sends an API answer what it needs, and none of the headers that only govern a rendered page', async () => {
    const api = await server.client().get('/api/dashboard');
    expect(api.status).toBe(401);
    expect(api.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
    expect(api.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    expect(api.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(api.headers.get('referrer-policy')).toBe('no-referrer');
    for (const header of pageOnly) expect(api.headers.get(header), header).toBeNull();
    const page = await server.client().get('/', { accept: 'text/html' });
    for (const header of pageOnly.filter((name) => name !== 'x-download-options')) {
      expect(page.headers.get(header), header).not.toBeNull();
    }
  });

  it('adds HSTS in production behind HTTPS', async () => {
    const production = await createTestServer({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://atrium.example',
      TRUST_PROXY: 'true',
      CREDENTIAL_SIGNING_KEY: generateCredentialSigningKey(),
    });
    try {
      const response = await production.client().get('/healthz', { 'x-forwarded-proto': 'https' });
      expect(response.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
    } finally {
      await production.close();
    }
  });

  it('replays exactly the headers helmet sets on a response, taken once', () => {
    const configurations = [
      helmet({ contentSecurityPolicy: { useDefaults: false, directives: { ...PORTAL_CSP, upgradeInsecureRequests: [] } }, crossOriginEmbedderPolicy: false }),
      helmet({
        contentSecurityPolicy: false,
        strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
        crossOriginResourcePolicy: { policy: 'cross-origin' },
      }),
    ];
    for (const middleware of configurations) {
      const request = new IncomingMessage(new Socket());
      const byHelmet = new ServerResponse(request);
      byHelmet.setHeader('X-Powered-By', 'something');
      middleware(request, byHelmet, () => undefined);
      const replayed = new ServerResponse(request);
      for (const [name, value] of helmetHeaders(middleware)) replayed.setHeader(name, value);
      expect(replayed.getHeaders()).toEqual(byHelmet.getHeaders());
      expect(Object.keys(replayed.getHeaders()).length).toBeGreaterThan(8);
    }
  });
});
