import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/useTestServer.ts';

const server = useTestServer({ env: { BRAND_NAME: 'Bright Schools', DIRECTOR_NAME: 'Sam Lee', SUPPORT_EMAIL: 'help@bright.test' } });

describe('GET /api/config', () => {
  it('tells the browser what it needs and nothing secret', async () => {
    const response = await server.client().get('/api/config');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      brandName: 'Bright Schools',
      directorName: 'Sam Lee',
      supportEmail: 'help@bright.test',
      stripePublishableKey: null,
      publicUrl: server.url,
      signInProviders: [],
      ssoStart: false,
    });
  });
});
