import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/useTestServer.ts';
import { createUser, signIn } from '../../../test/factories.ts';
import type { TestClient } from '../../../test/client.ts';

const server = useTestServer();
async function signedIn(): Promise<{ client: TestClient; user: Awaited<ReturnType<typeof createUser>> }> {
  const user = await createUser(server.db);
  const client = server.client();
  await signIn(client, user);
  return { client, user };
}

function upload(client: TestClient, bytes: Buffer, filename = 'photo.png', type = 'image/png') {
  const form = new FormData();
  form.append('profileImage', new Blob([new Uint8Array(bytes)], { type }), filename);
  return client.request('POST', '/api/user/upload-avatar', { raw: form });
}

const png = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 80, b: 160 } } })
    .png()
    .toBuffer();

describe('PATCH /api/user/profile', () => {
  it('updates names and school, and never the role, id or createdAt', async () => {
    const { client, user } = await signedIn();
    const response = await client.patch('/api/user/profile', {
      firstName: 'Grace',
      lastName: 'Hopper',
      company: "St Mary's Primary",
      role: 'admin',
      id: 999,
      createdAt: '2000-01-01T00:00:00Z',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: user.id, firstName: 'Grace', lastName: 'Hopper', company: "St Mary's Primary", role: 'learner' });
    expect(response.body.createdAt).not.toBe('2000-01-01T00:00:00.000Z');
    const row = await server.db('users').where({ id: user.id }).first();
    expect(row!.role).toBe('learner');
  });

  it('changes only the fields sent, and clears a field sent empty', async () => {
    const { client } = await signedIn();
    await client.patch('/api/user/profile', { firstName: 'Ada', lastName: 'Lovelace', company: 'Oak Academy' });
    const partial = await client.patch('/api/user/profile', { company: 'Elm Primary' });
    expect(partial.body).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', company: 'Elm Primary' });
    const cleared = await client.patch('/api/user/profile', { company: '' });
    expect(cleared.body).toMatchObject({ firstName: 'Ada', company: null });
  });

  it('refuses a different email with "Email cannot be changed" and accepts the same one', async () => {
    const { client, user } = await signedIn();
    const changed = await client.patch('/api/user/profile', { email: 'other@school.test' });
    expect(changed.status).toBe(400);
    expect(changed.body.message).toBe('Email cannot be changed');
    expect((await client.patch('/api/user/profile', { email: user.email.toUpperCase() })).status).toBe(200);
  });

  it('accepts only null or the own avatar URL as profileImageUrl', async () => {
    const { client } = await signedIn();
    const foreign = await client.patch('/api/user/profile', { profileImageUrl: 'https://evil.example/tracker.png' });
    expect(foreign.status).toBe(400);
    const uploaded = await upload(client, await png());
    expect(uploaded.status).toBe(200);
    const own = await client.patch('/api/user/profile', { profileImageUrl: uploaded.body.profileImageUrl });
    expect(own.status).toBe(200);
    const removed = await client.patch('/api/user/profile', { profileImageUrl: null });
    expect(removed.status).toBe(200);
    expect(removed.body.profileImageUrl).toBeNull();
    expect((await client.get(uploaded.body.profileImageUrl)).status).toBe(404);
  });

  it('validates lengths and needs a session', async () => {
    const { client } = await signedIn();
    expect((await client.patch('/api/user/profile', { firstName: 'x'.repeat(101) })).status).toBe(400);
    expect((await server.client().patch('/api/user/profile', { firstName: 'X' })).status).toBe(401);
  });
});

describe('POST /api/user/upload-avatar', () => {
  it('re-encodes the image to a square of at most 512 px and serves it with caching headers', async () => {
    const { client, user } = await signedIn();
    const response = await upload(client, await png(1200, 700));
    expect(response.status).toBe(200);
    expect(response.body.profileImageUrl).toMatch(new RegExp(`^/api/avatars/${user.id}\\?v=`));
    const image = await client.get(response.body.profileImageUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('cache-control')).toMatch(/immutable/);
    const etag = image.headers.get('etag')!;
    const again = await client.get(response.body.profileImageUrl, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    const stored = await server.db('avatars').where({ userId: user.id }).first();
    const meta = await sharp(Buffer.from(stored!.data)).metadata();
    expect(meta.width).toBe(512);
    expect(meta.height).toBe(512);
  });

  it('decides the type from the bytes, not the declared type', async () => {
    const { client } = await signedIn();
    const fake = await upload(client, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'photo.png', 'image/png');
    expect(fake.status).toBe(415);
    expect(fake.body.message).toBe('Please select an image file');
    const jpegAsText = await upload(
      client,
      await sharp(await png(64, 64))
        .jpeg()
        .toBuffer(),
      'notes.txt',
      'text/plain',
    );
    expect(jpegAsText.status).toBe(200);
  });

  it('refuses files over 5 MB with 413', async () => {
    const { client } = await signedIn();
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const response = await upload(client, big);
    expect(response.status).toBe(413);
    expect(response.body.message).toBe('Please select an image smaller than 5MB');
  });

  it('needs a file, multipart and a session', async () => {
    const { client } = await signedIn();
    expect((await client.request('POST', '/api/user/upload-avatar', { raw: new FormData() })).status).toBe(400);
    expect((await client.post('/api/user/upload-avatar', { profileImage: 'x' })).status).toBe(415);
    const form = new FormData();
    form.append('profileImage', new Blob([new Uint8Array(await png())]), 'p.png');
    expect((await server.client().request('POST', '/api/user/upload-avatar', { raw: form })).status).toBe(401);
  });

  it('serves avatars only to signed-in users', async () => {
    const { client, user } = await signedIn();
    const response = await upload(client, await png());
    expect((await server.client().get(response.body.profileImageUrl)).status).toBe(401);
    expect((await client.get(`/api/avatars/${user.id + 10_000}`)).status).toBe(404);
    expect((await client.get('/api/avatars/abc')).status).toBe(400);
  });
});
