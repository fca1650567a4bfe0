import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Ajv2019 } from 'ajv/dist/2019.js';
import addFormatsModule from 'ajv-formats';
import { createRemoteJWKSet, decodeProtectedHeader, importJWK, jwtVerify, type JWK, type JWTPayload } from 'jose';
import { describe, expect, it } from 'vitest';
import type { CredentialJwtPayloadDto, JwksDto, RevocationListDto } from '@atrium/common';
import { newCertificateNumber } from '../../../commands/issueCertificate.ts';
import { completeOneModuleCourse, createAdmin, createCourse, createModule, createUser, enroll, signIn } from '../../../test/factories.ts';
import { useTestServer } from '../../../test/useTestServer.ts';

const server = useTestServer();

/** 1EdTech's AchievementCredential JSON Schema (OB 3.0), kept as published: see fixtures/README.md. */
const officialSchema = JSON.parse(readFileSync(new URL('./fixtures/ob_v3p0_achievementcredential_schema.json', import.meta.url), 'utf8')) as object;
const ajv = new Ajv2019({ strict: false, allErrors: true });
// ajv-formats is CommonJS: its plugin is the module itself, or its `default` under some loaders.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as typeof addFormatsModule;
addFormats(ajv);
const validateAchievementCredential = ajv.compile(officialSchema);

const COMPLETED_AT = Date.UTC(2026, 10, 21, 10, 15, 30, 450);

async function certificate(user: { id: number }, fields: { studentName?: string; revokedAt?: number | null; quizScore?: number | null } = {}) {
  const course = await createCourse(server, { description: 'Film a school tour on a phone.', passMark: 70 });
  const certificateNumber = newCertificateNumber();
  await server.db('certificates').insert({
    userId: user.id,
    courseId: course.id,
    certificateNumber,
    studentName: fields.studentName ?? 'Grace Hopper',
    courseName: course.title,
    completionPercentage: 100,
    completedAt: COMPLETED_AT,
    issuedAt: COMPLETED_AT + 1_000,
    revokedAt: fields.revokedAt ?? null,
    quizScore: fields.quizScore ?? null,
  });
  return { certificateNumber, course };
}

async function credentialOf(number: string, base = server.url) {
  const response = await fetch(`${base}/api/certificates/${number}/credential`);
  return { response, jwt: await response.text() };
}

/** Verifies as an outside verifier would: the key is fetched from the URL the credential's `kid` names. */
async function verifyByKid(jwt: string) {
  const { kid } = decodeProtectedHeader(jwt);
  const key = (await (await fetch(kid!)).json()) as JWK;
  expect(key.kid).toBe(kid);
  return jwtVerify<CredentialJwtPayloadDto>(jwt, await importJWK(key, key.alg));
}

const verifyByJwks = (jwt: string, base = server.url) => jwtVerify<CredentialJwtPayloadDto>(jwt, createRemoteJWKSet(new URL(`${base}/.well-known/jwks.json`)));

const credentialPart = (payload: JWTPayload) => {
  const rest: Record<string, unknown> = { ...payload };
  for (const claim of ['iss', 'jti', 'sub', 'nbf', 'exp', 'iat']) delete rest[claim];
  return rest;
};

describe('GET /api/certificates/:number/credential', () => {
  it('carries the final quiz score as an Open Badges 3.0 result, and still validates against 1EdTech’s schema', async () => {
    const user = await createUser(server.db);
    const { certificateNumber, course } = await certificate(user, { quizScore: 92 });
    const { response, jwt } = await credentialOf(certificateNumber);
    expect(response.status).toBe(200);
    const { payload } = await verifyByKid(jwt);
    const resultId = `${server.url}/api/credentials/achievements/${course.id}#final-quiz-score`;
    expect(payload.credentialSubject.achievement.resultDescription).toEqual([
      { id: resultId, type: ['ResultDescription'], name: 'Final quiz score', resultType: 'Percent', requiredValue: '70' },
    ]);
    expect(payload.credentialSubject.result).toEqual([{ type: ['Result'], resultDescription: resultId, value: '92' }]);
    const valid = validateAchievementCredential(credentialPart(payload));
    expect(validateAchievementCredential.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    // The criteria name the check the certificate waited for.
    expect(payload.credentialSubject.achievement.criteria.narrative).toContain('pass the final knowledge check');
    // Without a score, neither appears.
    const plain = await certificate(user);
    const { payload: without } = await verifyByKid((await credentialOf(plain.certificateNumber)).jwt);
    expect(without.credentialSubject).not.toHaveProperty('result');
    expect(without.credentialSubject.achievement).not.toHaveProperty('resultDescription');
    expect(without.credentialSubject.achievement.criteria.narrative).not.toContain('knowledge check');
  });

  it('carries the CPD hours the certificate was issued with (issue 59): credit hours, credits earned and results of hours and CEUs, valid against 1EdTech’s schema', async () => {
    const admin = server.client();
    await signIn(admin, await createAdmin(server.db));
    const course = await createCourse(server, { passMark: 70 });
    const module = await createModule(server, course.id);
    const complete = async () => {
      const learner = await createUser(server.db);
      await enroll(server.db, learner.id, course.id);
      const client = server.client();
      await signIn(client, learner);
      expect(
        (await client.post('/api/progress', { moduleId: module.id, courseId: course.id, watchedDuration: module.duration, isCompleted: true })).status,
      ).toBe(200);
      const [listed] = (await client.get('/api/certificates')).body;
      return { client, number: listed.certificateNumber as string, listed };
    };
    const before = await complete();
    expect((await admin.put(`/api/courses/${course.id}`, { cpdHours: 1.5, ceus: 0.15 })).status).toBe(200);
    const after = await complete();
    expect(after.listed).toMatchObject({ cpdHours: 1.5, ceus: 0.15 });
    // The course changes later: each certificate keeps what it said when it was issued.
    expect((await admin.put(`/api/courses/${course.id}`, { cpdHours: 3, ceus: null })).status).toBe(200);

    expect((await server.client().get(`/api/certificates/${after.number}`)).body).toMatchObject({ cpdHours: 1.5, ceus: 0.15 });
    const { payload } = await verifyByKid((await credentialOf(after.number)).jwt);
    const base = `${server.url}/api/credentials/achievements/${course.id}`;
    expect(payload.credentialSubject.achievement.creditsAvailable).toBe(1.5);
    expect(payload.credentialSubject.creditsEarned).toBe(1.5);
    expect(payload.credentialSubject.achievement.resultDescription).toEqual([
      { id: `${base}#cpd-hours`, type: ['ResultDescription'], name: 'CPD hours', resultType: 'ext:CpdHours' },
      { id: `${base}#ceus`, type: ['ResultDescription'], name: 'Continuing education units (CEUs)', resultType: 'ext:ContinuingEducationUnits' },
    ]);
    expect(payload.credentialSubject.result).toEqual([
      { type: ['Result'], resultDescription: `${base}#cpd-hours`, value: '1.5' },
      { type: ['Result'], resultDescription: `${base}#ceus`, value: '0.15' },
    ]);
    expect(validateAchievementCredential(credentialPart(payload)), JSON.stringify(validateAchievementCredential.errors)).toBe(true);
    // A wrong type of credit hours would fail the schema: the check reads the field.
    const broken = credentialPart(payload) as { credentialSubject: { achievement: Record<string, unknown> } };
    broken.credentialSubject.achievement.creditsAvailable = '1.5';
    expect(validateAchievementCredential(broken)).toBe(false);

    // Issued before the course had hours: it says none, anywhere.
    const old = (await server.client().get(`/api/certificates/${before.number}`)).body;
    expect(old).not.toHaveProperty('cpdHours');
    expect((await before.client.get('/api/certificates')).body[0]).not.toHaveProperty('cpdHours');
    const { payload: oldPayload } = await verifyByKid((await credentialOf(before.number)).jwt);
    expect(oldPayload.credentialSubject.achievement).not.toHaveProperty('creditsAvailable');
    expect(oldPayload.credentialSubject).not.toHaveProperty('creditsEarned');
    expect(oldPayload.credentialSubject).not.toHaveProperty('result');
    expect(validateAchievementCredential(credentialPart(oldPayload))).toBe(true);
  });

  it('a quiz score and CPD hours travel together as two results', async () => {
    const user = await createUser(server.db);
    const { certificateNumber, course } = await certificate(user, { quizScore: 88 });
    await server.db('certificates').where({ certificateNumber }).update({ cpdQuarterHours: 9 });
    const { payload } = await verifyByKid((await credentialOf(certificateNumber)).jwt);
    const base = `${server.url}/api/credentials/achievements/${course.id}`;
    expect(payload.credentialSubject.result).toEqual([
      { type: ['Result'], resultDescription: `${base}#final-quiz-score`, value: '88' },
      { type: ['Result'], resultDescription: `${base}#cpd-hours`, value: '2.25' },
    ]);
    expect(payload.credentialSubject.achievement.resultDescription?.map((description) => description.resultType)).toEqual(['Percent', 'ext:CpdHours']);
    expect(validateAchievementCredential(credentialPart(payload))).toBe(true);
  });

  it('is a VC-JWT that verifies with the key at its kid and in the JWKS, and says who earned what', async () => {
    const user = await createUser(server.db, { email: 'grace@school.test' });
    const { certificateNumber, course } = await certificate(user);
    const { response, jwt } = await credentialOf(certificateNumber);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vc+jwt');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const header = decodeProtectedHeader(jwt);
    expect(header).toEqual({ alg: 'ES256', typ: 'JWT', kid: expect.stringMatching(new RegExp(`^${server.url}/api/credentials/keys/[A-Za-z0-9_-]{43}$`)) });

    const { payload } = await verifyByKid(jwt);
    expect((await verifyByJwks(jwt)).payload).toEqual(payload);
    expect(payload['@context']).toEqual(['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json']);
    expect(payload.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(payload.iss).toBe(payload.issuer.id);
    expect(payload.jti).toBe(payload.id);
    expect(payload.id).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
    expect(payload.sub).toBe(payload.credentialSubject.id);
    expect(payload.credentialSubject.id).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
    expect(payload.nbf).toBe(Math.floor(COMPLETED_AT / 1000));
    expect(payload.validFrom).toBe('2026-11-21T10:15:30Z');
    expect(new Date(payload.validFrom).getTime() / 1000).toBe(payload.nbf);

    const [email, name] = payload.credentialSubject.identifier;
    expect(email).toEqual({ type: 'IdentityObject', identityType: 'emailAddress', hashed: true, identityHash: expect.any(String), salt: expect.any(String) });
    expect(email!.identityHash).toBe(`sha256$${createHash('sha256').update(`grace@school.test${email!.salt}`).digest('hex')}`);
    expect(name).toEqual({ type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: 'Grace Hopper' });
    expect(jwt).not.toContain('grace@school.test');
    expect(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()).not.toContain('grace@school.test');

    const { achievement } = payload.credentialSubject;
    expect(achievement).toMatchObject({ type: ['Achievement'], name: course.title, description: 'Film a school tour on a phone.' });
    expect(achievement.criteria.narrative).toContain(course.title);
    // A course of videos alone: the criteria ask for nothing it did not.
    expect(achievement.criteria.narrative).toContain('watch every module and complete each one.');
    expect(achievement.criteria.narrative).not.toMatch(/knowledge check|assignment/);
    // Each URL the credential names answers what it names, as JSON.
    const issuer = await (await fetch(payload.issuer.id)).json();
    expect(issuer).toMatchObject({ id: payload.issuer.id, type: ['Profile'], name: server.config.brandName });
    const answered = await (await fetch(achievement.id)).json();
    expect(answered).toMatchObject({ id: achievement.id, type: ['Achievement'], name: course.title });
    expect(payload.credentialStatus).toEqual({ id: `${server.url}/api/credentials/revocations`, type: '1EdTechRevocationList' });
  });

  it('every certificate’s credential, including one earned by completing a course, validates against 1EdTech’s AchievementCredential schema', async () => {
    const learner = await createUser(server.db, { firstName: 'Ada', lastName: 'Lovelace' });
    const course = await completeOneModuleCourse(server, learner, server.client());
    const earned = await server.db('certificates').where({ userId: learner.id, courseId: course.id }).first();
    expect(earned).toBeTruthy();
    await certificate(await createUser(server.db), { studentName: 'someone@school.test' });

    const rows = (await server.db('certificates').whereNull('revokedAt').select('certificateNumber')) as Array<{ certificateNumber: string }>;
    const numbers = rows.map((row) => row.certificateNumber);
    expect(numbers.length).toBeGreaterThanOrEqual(2);
    for (const number of numbers) {
      const { response, jwt } = await credentialOf(number);
      expect(response.status, `${number}: ${jwt}`).toBe(200);
      const { payload } = await verifyByKid(jwt);
      const valid = validateAchievementCredential(credentialPart(payload));
      expect(validateAchievementCredential.errors ?? []).toEqual([]);
      expect(valid).toBe(true);
      // A name that is an e-mail address is never printed (certificateName()).
      expect(JSON.stringify(payload)).not.toContain('someone@school.test');
    }
    expect(Object.keys(ajv.formats)).toEqual(expect.arrayContaining(['date-time', 'uri', 'email']));
    // The schema is not a rubber stamp: a credential without its subject's achievement fails it.
    const { payload } = await verifyByKid((await credentialOf(earned!.certificateNumber)).jwt);
    const broken = credentialPart(payload) as { credentialSubject: Record<string, unknown> };
    delete broken.credentialSubject.achievement;
    expect(validateAchievementCredential(broken)).toBe(false);
  });

  it('carries validUntil and exp from the course’s validity, still valid against the schema, and the JWT is refused once past it', async () => {
    const { certificateNumber, course } = await certificate(await createUser(server.db));
    const { jwt: timeless } = await credentialOf(certificateNumber);
    expect((await verifyByKid(timeless)).payload).not.toHaveProperty('validUntil');

    await server.db('courses').where({ id: course.id }).update({ validityMonths: 12 });
    const { jwt } = await credentialOf(certificateNumber);
    const { payload } = await verifyByKid(jwt);
    // Twelve months from the issue date, in whole seconds, as the certificate page's "Expires on".
    expect(payload.validUntil).toBe('2027-11-21T10:15:31Z');
    expect(payload.exp).toBe(Date.parse('2027-11-21T10:15:31Z') / 1000);
    expect(validateAchievementCredential(credentialPart(payload))).toBe(true);
    const afterExpiry = new Date(Date.parse('2027-11-22T00:00:00Z'));
    await expect(jwtVerify(jwt, createRemoteJWKSet(new URL(`${server.url}/.well-known/jwks.json`)), { currentDate: afterExpiry })).rejects.toThrow(/exp/);
  });

  it('keeps the same credential id and learner id across downloads, one learner id per learner', async () => {
    const user = await createUser(server.db);
    const first = await certificate(user);
    const second = await certificate(user);
    const other = await certificate(await createUser(server.db));
    const payloadOf = async (number: string) => (await verifyByKid((await credentialOf(number)).jwt)).payload;
    const [a1, a2, b, c] = await Promise.all([
      payloadOf(first.certificateNumber),
      payloadOf(first.certificateNumber),
      payloadOf(second.certificateNumber),
      payloadOf(other.certificateNumber),
    ]);
    expect(a2.id).toBe(a1.id);
    expect(a2.credentialSubject.identifier).toEqual(a1.credentialSubject.identifier);
    expect(b.id).not.toBe(a1.id);
    expect(b.credentialSubject.id).toBe(a1.credentialSubject.id);
    expect(c.credentialSubject.id).not.toBe(a1.credentialSubject.id);
  });

  it('fails verification once anything is changed', async () => {
    const { certificateNumber } = await certificate(await createUser(server.db));
    const { jwt } = await credentialOf(certificateNumber);
    const [header, payload, signature] = jwt.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    claims.credentialSubject.identifier[1].identityHash = 'Mallory';
    const altered = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    await expect(verifyByKid(altered)).rejects.toThrow(/signature verification failed/);
    await expect(verifyByJwks(altered)).rejects.toThrow(/signature verification failed/);
    const flipped = `${header}.${payload}.${signature.slice(0, -4)}${signature.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    await expect(verifyByKid(flipped)).rejects.toThrow();
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    await expect(verifyByJwks(unsigned)).rejects.toThrow();
  });

  it('answers 404 for an unknown, malformed or revoked certificate, saying which it is to the holder of a revoked number', async () => {
    const { certificateNumber } = await certificate(await createUser(server.db), { revokedAt: Date.now() });
    const revoked = await server.client().get(`/api/certificates/${certificateNumber.toLowerCase()}/credential`);
    expect(revoked.status).toBe(404);
    expect(revoked.body).toEqual({ message: 'This certificate was revoked by its issuer', id: 'certificate_revoked' });
    for (const number of [newCertificateNumber(), 'not a number', '%00']) {
      const response = await server.client().get(`/api/certificates/${encodeURIComponent(number)}/credential`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: 'Certificate Not Found', id: 'not_found' });
    }
  });
});

describe('the revocation list', () => {
  it('lists a credential when its certificate is revoked and drops it when restored', async () => {
    const { certificateNumber } = await certificate(await createUser(server.db));
    const { payload } = await verifyByKid((await credentialOf(certificateNumber)).jwt);
    const listed = async () => {
      const response = await fetch(payload.credentialStatus.id);
      expect(response.headers.get('cache-control')).toBe('no-store');
      return ((await response.json()) as RevocationListDto).revokedCredential;
    };
    expect(await listed()).not.toContainEqual(expect.objectContaining({ id: payload.id }));

    const admin = server.client();
    await signIn(admin, await createAdmin(server.db));
    expect((await admin.post(`/api/admin/certificates/${certificateNumber}/revoke`)).status).toBe(200);
    expect(await listed()).toContainEqual({ id: payload.id, revoked: true });
    expect((await credentialOf(certificateNumber)).response.status).toBe(404);

    expect((await admin.post(`/api/admin/certificates/${certificateNumber}/restore`)).status).toBe(200);
    expect(await listed()).not.toContainEqual(expect.objectContaining({ id: payload.id }));
    const again = await verifyByKid((await credentialOf(certificateNumber)).jwt);
    expect(again.payload.id).toBe(payload.id);
  });
});

describe('published keys', () => {
  it('answers 400 naming the field for a malformed key id and 404 for an unknown one', async () => {
    const malformed = await server.client().get('/api/credentials/keys/not-a-key');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toHaveProperty('thumbprint');
    expect((await server.client().get(`/api/credentials/keys/${'B'.repeat(43)}`)).status).toBe(404);
    const achievement = await server.client().get('/api/credentials/achievements/abc');
    expect(achievement.status).toBe(400);
    expect(achievement.body.errors).toHaveProperty('id');
    expect((await server.client().get('/api/credentials/achievements/999999')).status).toBe(404);
  });

  it('lists the current key with its kid, cross-origin', async () => {
    const response = await fetch(`${server.url}/.well-known/jwks.json`, { headers: { Origin: 'https://school.example' } });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const { keys } = (await response.json()) as JwksDto;
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', kid: expect.stringContaining(`${server.url}/api/credentials/keys/`) });
    expect(keys[0]).not.toHaveProperty('d');
  });
});
