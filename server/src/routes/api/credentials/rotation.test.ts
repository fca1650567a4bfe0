import { decodeProtectedHeader, importJWK, jwtVerify, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JwksDto } from '@atrium/common';
import { generateCredentialSigningKey } from '../../../config.ts';
import { newCertificateNumber } from '../../../commands/issueCertificate.ts';
import { createCourse, createUser } from '../../../test/factories.ts';
import { createTestCluster, type TestCluster } from '../../../test/server.ts';

/**
 * A key rotation as it happens in production: the instance started with the old key has signed
 * credentials; an instance started with the new key takes over. Both are on one database.
 */
const OLD_KEY = generateCredentialSigningKey();
const NEW_KEY = generateCredentialSigningKey();
let cluster: TestCluster;

beforeAll(async () => {
  cluster = await createTestCluster(2, (index) => ({ CREDENTIAL_SIGNING_KEY: index === 0 ? OLD_KEY : NEW_KEY }));
});
afterAll(() => cluster?.close());

async function certificateNumber(): Promise<string> {
  const user = await createUser(cluster.db);
  const course = await createCourse(cluster);
  const number = newCertificateNumber();
  const at = Date.UTC(2026, 0, 5);
  await cluster.db('certificates').insert({
    userId: user.id,
    courseId: course.id,
    certificateNumber: number,
    studentName: 'Mary Seacole',
    courseName: course.title,
    completionPercentage: 100,
    completedAt: at,
    issuedAt: at,
  });
  return number;
}

const credential = async (base: string, number: string) => (await fetch(`${base}/api/certificates/${number}/credential`)).text();
const jwks = async (base: string) => ((await (await fetch(`${base}/.well-known/jwks.json`)).json()) as JwksDto).keys;

describe('rotating CREDENTIAL_SIGNING_KEY', () => {
  it('signs with the new key while credentials signed by the old one still verify, from its kid and from the JWKS', async () => {
    const [before, after] = cluster.servers as [TestCluster['servers'][number], TestCluster['servers'][number]];
    const oldJwt = await credential(before.url, await certificateNumber());
    const oldKid = decodeProtectedHeader(oldJwt).kid!;

    // The new instance registers its key on its first credential: the old key is retired, not removed.
    const number = await certificateNumber();
    const newJwt = await credential(after.url, number);
    const newKid = decodeProtectedHeader(newJwt).kid!;
    expect(new URL(newKid).pathname).not.toBe(new URL(oldKid).pathname);

    const keys = await jwks(after.url);
    expect(keys.map((key) => new URL(key.kid).pathname)).toEqual([new URL(newKid).pathname, new URL(oldKid).pathname]);
    expect((await jwks(before.url)).map((key) => new URL(key.kid).pathname)).toEqual(keys.map((key) => new URL(key.kid).pathname));
    const rows = await cluster.db('credentialKeys').select('thumbprint', 'retiredAt').orderBy('id');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.retiredAt).not.toBeNull();
    expect(rows[1]!.retiredAt).toBeNull();

    // The cluster's instances answer on different ports (one PUBLIC_URL in production), so keys match by path here.
    const path = (url: string) => new URL(url).pathname;
    for (const base of [before.url, after.url]) {
      const fromJwks = async (header: { kid?: string }) => {
        const key = (await jwks(base)).find((candidate) => path(candidate.kid) === path(header.kid!))!;
        return importJWK(key as JWK, key.alg);
      };
      const fromKid = async (header: { kid?: string }) => {
        const key = (await (await fetch(`${base}${path(header.kid!)}`)).json()) as JWK;
        return importJWK(key, key.alg);
      };
      for (const jwt of [oldJwt, newJwt]) {
        await expect(jwtVerify(jwt, fromJwks)).resolves.toBeTruthy();
        await expect(jwtVerify(jwt, fromKid)).resolves.toBeTruthy();
      }
    }
    const newKey = (await (await fetch(newKid)).json()) as JWK;
    // Each key verifies only what it signed.
    await expect(jwtVerify(oldJwt, await importJWK(newKey, newKey.alg))).rejects.toThrow(/signature verification failed/);
    // The same certificate re-downloaded is the same credential, now signed with the new key.
    const again = await credential(after.url, number);
    expect(decodeProtectedHeader(again).kid).toBe(newKid);
  });
});
