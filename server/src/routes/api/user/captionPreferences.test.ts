import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaptionPreferencesDto, MyDataExportDto } from '@atrium/common';
import { createUser, signIn, TEST_PASSWORD } from '../../../test/factories.ts';
import { createTestServer, type TestServer } from '../../../test/server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});

async function signedIn() {
  const user = await createUser(server.db);
  const client = server.client();
  await signIn(client, user);
  return { user, client };
}

describe('/api/user/caption-preferences', () => {
  it('is off with no language until chosen, then remembered for the account in any browser', async () => {
    const { user, client } = await signedIn();
    expect((await client.get('/api/user/caption-preferences')).body).toEqual({ on: false, lang: null } satisfies CaptionPreferencesDto);

    const saved = await client.put('/api/user/caption-preferences', { on: true, lang: 'en-gb' });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ on: true, lang: 'en-GB' });

    const elsewhere = server.client();
    await signIn(elsewhere, user);
    expect((await elsewhere.get('/api/user/caption-preferences')).body).toEqual({ on: true, lang: 'en-GB' });

    // Turning captions off keeps the language for next time.
    expect((await elsewhere.put('/api/user/caption-preferences', { on: false })).body).toEqual({ on: false, lang: 'en-GB' });
    expect((await client.get('/api/user/caption-preferences')).body).toEqual({ on: false, lang: 'en-GB' });
  });

  it('refuses a bad choice with the field named, and changes nothing', async () => {
    const { client } = await signedIn();
    await client.put('/api/user/caption-preferences', { on: true, lang: 'cy' });
    const response = await client.put('/api/user/caption-preferences', { on: 'yes', lang: 'not a language!' });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors as Record<string, string>).sort()).toEqual(['lang', 'on']);
    expect((await client.get('/api/user/caption-preferences')).body).toEqual({ on: true, lang: 'cy' });
  });

  it('refuses a language whose canonical spelling is longer than the 35 characters kept', async () => {
    const { client } = await signedIn();
    await client.put('/api/user/caption-preferences', { on: true, lang: 'cy' });
    // 35 characters as sent; `islamicc` is canonically `islamic-civil`, 40 in all.
    const response = await client.put('/api/user/caption-preferences', { on: true, lang: 'en-u-ca-islamicc-co-phonebk-nu-arab' });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors as Record<string, string>)).toEqual(['lang']);
    expect((await client.get('/api/user/caption-preferences')).body).toEqual({ on: true, lang: 'cy' });
  });

  it('needs a session', async () => {
    expect((await server.client().get('/api/user/caption-preferences')).status).toBe(401);
    expect((await server.client().put('/api/user/caption-preferences', { on: true })).status).toBe(401);
  });

  it('is in "Download my data" and cleared when the account is deleted', async () => {
    const { user, client } = await signedIn();
    await client.put('/api/user/caption-preferences', { on: true, lang: 'fr' });
    const exported = (await client.get('/api/user/export')).body as MyDataExportDto;
    expect(exported.profile.captions).toEqual({ on: true, lang: 'fr' });

    expect((await client.delete('/api/user', { password: TEST_PASSWORD, certificates: 'keep' })).status).toBe(200);
    expect(await server.db('users').where({ id: user.id }).first()).toMatchObject({ captionsOn: null, captionsLang: null });
  });
});
