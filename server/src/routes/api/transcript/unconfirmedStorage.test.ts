import { describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/client.ts';
import { pdfBytes } from '../../../test/files.ts';
import { learner } from '../../../test/schools.ts';
import { useTestServer } from '../../../test/useTestServer.ts';

// Accounts cost nothing to make, so one whose address nobody confirmed keeps less: 1 MB of the
// 2 MB quota here (UNCONFIRMED_STORAGE_QUOTA_MB), so no test writes the default's 100 MB.

const server = useTestServer({ env: { SUBMISSION_STORAGE_QUOTA_MB: '2', UNCONFIRMED_STORAGE_QUOTA_MB: '1' } });

const KB = 1024;
const entry = { title: 'Phonics refresher', provider: 'Local authority', completedOn: '2025-10-02', cpdHours: 1.5 };
const pdfOf = (size: number) => Buffer.concat([pdfBytes(), Buffer.alloc(size - pdfBytes().length, 0x20)]);

async function putEvidence(client: TestClient, bytes: Buffer) {
  const created = await client.post('/api/transcript/external', entry);
  expect(created.status, created.text).toBe(201);
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(bytes)]), 'evidence.pdf');
  return client.request('PUT', `/api/transcript/external/${created.body.id}/evidence`, { raw: body });
}

describe('an account whose address is not confirmed', () => {
  it('keeps the smaller quota, told to confirm its address; once confirmed, the full quota', async () => {
    const { client, user } = await learner(server);
    expect((await putEvidence(client, pdfOf(600 * KB))).status).toBe(200);
    const refused = await putEvidence(client, pdfOf(600 * KB));
    const sentence =
      'Until you confirm your e-mail address, an account may keep 1 MB of files, so this 600 KB file does not fit. Open the link we e-mailed you (your profile sends a new one), then upload it again.';
    expect([refused.status, refused.body.message, refused.body.errors]).toEqual([413, sentence, { file: sentence }]);

    await server.db('users').where({ id: user.id }).update({ emailVerifiedAt: Date.now() });
    expect((await putEvidence(client, pdfOf(600 * KB))).status).toBe(200);
    // Past the full quota the usual answer stands.
    expect((await putEvidence(client, pdfOf(900 * KB))).status).toBe(413);
  });

  it('holds a confirmed account to the full quota only', async () => {
    const { client } = await learner(server, { verified: true });
    expect((await putEvidence(client, pdfOf(600 * KB))).status).toBe(200);
    expect((await putEvidence(client, pdfOf(600 * KB))).status).toBe(200);
  });
});
