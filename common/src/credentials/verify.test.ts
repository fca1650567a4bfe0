import { calculateJwkThumbprint, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import type { CredentialJwtPayloadDto, PublicJwkDto } from '../api/credentials.ts';
import { checkCredential, credentialCpdHours, credentialLearnerName, credentialQuizScore, decodeCredential, type CheckOptions } from './verify.ts';

const ORIGIN = 'https://atrium.test';
const ISSUER = `${ORIGIN}/api/credentials/issuer`;
const JWKS = `${ORIGIN}/.well-known/jwks.json`;
const STATUS = `${ORIGIN}/api/credentials/revocations`;
const NOW = new Date('2026-11-25T12:00:00Z');

async function issuerKey(alg: 'ES256' | 'RS256') {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const jwk = await exportJWK(publicKey);
  const kid = `${ORIGIN}/api/credentials/keys/${await calculateJwkThumbprint(jwk)}`;
  return { privateKey, kid, published: { ...jwk, kid, alg, use: 'sig' } as PublicJwkDto };
}

function payload(overrides: Partial<CredentialJwtPayloadDto> = {}): CredentialJwtPayloadDto {
  const validFrom = '2026-11-21T10:15:30Z';
  const credential = {
    '@context': ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
    id: 'urn:uuid:1b5f7b1e-0c55-4b7a-9a55-0a3c3b3f2f10',
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: 'Podcasting for Schools',
    issuer: { id: ISSUER, type: ['Profile'], name: 'Atrium School Marketing', url: ORIGIN },
    validFrom,
    credentialSubject: {
      id: 'urn:uuid:8d8b5c1c-5d4e-4f0f-8a7d-2a3b4c5d6e7f',
      type: ['AchievementSubject'],
      identifier: [{ type: 'IdentityObject' as const, identityType: 'name', hashed: false, identityHash: 'Ada Lovelace' }],
      achievement: {
        id: `${ORIGIN}/api/credentials/achievements/3`,
        type: ['Achievement'],
        achievementType: 'CertificateOfCompletion',
        name: 'Podcasting for Schools',
        description: 'd',
        criteria: { narrative: 'n' },
      },
    },
    credentialStatus: { id: STATUS, type: '1EdTechRevocationList' as const },
    ...overrides,
  };
  return { ...credential, iss: ISSUER, jti: credential.id, sub: credential.credentialSubject.id, nbf: Date.parse(validFrom) / 1000 };
}

async function sign(key: Awaited<ReturnType<typeof issuerKey>>, claims: CredentialJwtPayloadDto) {
  return new SignJWT({ ...claims }).setProtectedHeader({ alg: key.published.alg, typ: 'JWT', kid: key.kid }).sign(key.privateKey);
}

function options(keys: PublicJwkDto[], revoked: string[] = [], fail: string[] = []): CheckOptions {
  return {
    issuerId: ISSUER,
    jwksUrl: JWKS,
    now: NOW,
    async loadJson(url) {
      if (fail.includes(url)) throw new Error('network down');
      if (url === JWKS) return { keys };
      if (url === STATUS) return { revokedCredential: revoked.map((id) => ({ id, revoked: true })) };
      throw new Error(`unexpected ${url}`);
    },
  };
}

describe('checkCredential', () => {
  it('accepts a credential signed with a published key (ES256 or RS256) and reads the achievement and the learner', async () => {
    for (const alg of ['ES256', 'RS256'] as const) {
      const key = await issuerKey(alg);
      const verdict = await checkCredential(await sign(key, payload()), options([key.published]));
      expect(verdict).toMatchObject({ status: 'valid', revocationChecked: true });
      if (verdict.status !== 'valid') throw new Error('not valid');
      expect(verdict.credential.credentialSubject.achievement.name).toBe('Podcasting for Schools');
      expect(credentialLearnerName(verdict.credential)).toBe('Ada Lovelace');
    }
  });

  it('still verifies credentials signed by a retired key that stays published', async () => {
    const retired = await issuerKey('ES256');
    const current = await issuerKey('ES256');
    const jwt = await sign(retired, payload());
    expect((await checkCredential(jwt, options([current.published, retired.published]))).status).toBe('valid');
    expect((await checkCredential(jwt, options([current.published]))).status).toBe('not_ours');
  });

  it('says altered when the payload or the signature was changed', async () => {
    const key = await issuerKey('ES256');
    const [header, body, signature] = (await sign(key, payload())).split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    claims.credentialSubject.identifier[0].identityHash = 'Mallory';
    const altered = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    expect((await checkCredential(altered, options([key.published]))).status).toBe('altered');
    const otherSignature = (await sign(key, payload({ name: 'Other' }))).split('.')[2];
    expect((await checkCredential(`${header}.${body}.${otherSignature}`, options([key.published]))).status).toBe('altered');
  });

  it('says not ours for another issuer, or a key we never published under our issuer id', async () => {
    const ours = await issuerKey('ES256');
    const theirs = await issuerKey('ES256');
    const foreign = payload({ issuer: { id: 'https://elsewhere.test/issuer', type: ['Profile'], name: 'Elsewhere', url: 'https://elsewhere.test' } });
    expect((await checkCredential(await sign(theirs, { ...foreign, iss: 'https://elsewhere.test/issuer' }), options([ours.published]))).status).toBe(
      'not_ours',
    );
    expect((await checkCredential(await sign(theirs, payload()), options([ours.published]))).status).toBe('not_ours');
  });

  it('says revoked when the revocation list names it, and flags a list it could not fetch', async () => {
    const key = await issuerKey('ES256');
    const jwt = await sign(key, payload());
    expect((await checkCredential(jwt, options([key.published], ['urn:uuid:other', payload().id]))).status).toBe('revoked');
    expect(await checkCredential(jwt, options([key.published], [], [STATUS]))).toMatchObject({ status: 'valid', revocationChecked: false });
  });

  it('says expired after validUntil or exp, and not yet valid before validFrom', async () => {
    const key = await issuerKey('ES256');
    const expired = await sign(key, payload({ validUntil: '2026-11-01T00:00:00Z' }));
    expect((await checkCredential(expired, options([key.published]))).status).toBe('expired');
    const future = payload({ validFrom: '2027-01-01T00:00:00Z' });
    expect((await checkCredential(await sign(key, { ...future, nbf: Date.parse('2027-01-01T00:00:00Z') / 1000 }), options([key.published]))).status).toBe(
      'not_yet_valid',
    );
  });

  it('says unreadable for anything that is not a credential, and unavailable when our keys cannot be fetched', async () => {
    const key = await issuerKey('ES256');
    for (const junk of ['', 'hello', 'a.b', 'a.b.c', '{"id":1}', `${Buffer.from('{}').toString('base64url')}.${Buffer.from('[1]').toString('base64url')}.AA`]) {
      expect((await checkCredential(junk, options([key.published]))).status).toBe('unreadable');
    }
    expect(decodeCredential(` ${await sign(key, payload())}\n`)).not.toBeNull();
    expect((await checkCredential(await sign(key, payload()), options([key.published], [], [JWKS]))).status).toBe('unavailable');
  });
});

describe('credentialQuizScore', () => {
  const scored = (value: string, resultType = 'Percent') => {
    const base = payload();
    const achievement = {
      ...base.credentialSubject.achievement,
      resultDescription: [{ id: 'urn:uuid:quiz', type: ['ResultDescription'], name: 'Final quiz score', resultType, requiredValue: '80' }],
    };
    return payload({
      credentialSubject: { ...base.credentialSubject, achievement, result: [{ type: ['Result'], resultDescription: 'urn:uuid:quiz', value }] },
    });
  };

  it('reads the result our credentials carry, and nothing without one', () => {
    expect(credentialQuizScore(scored('92'))).toBe(92);
    expect(credentialQuizScore(scored('0'))).toBe(0);
    expect(credentialQuizScore(payload())).toBeNull();
  });

  it('finds the score before CPD hours, never takes the hours for a score, and reads the hours (issue 59)', () => {
    const base = scored('75');
    const subject = base.credentialSubject;
    const hours = { id: 'urn:uuid:hours', type: ['ResultDescription'], name: 'CPD hours', resultType: 'ext:CpdHours' };
    const both = payload({
      credentialSubject: {
        ...subject,
        creditsEarned: 1.5,
        achievement: { ...subject.achievement, creditsAvailable: 1.5, resultDescription: [...subject.achievement.resultDescription!, hours] },
        result: [...subject.result!, { type: ['Result'], resultDescription: 'urn:uuid:hours', value: '1.5' }],
      },
    });
    expect(credentialQuizScore(both)).toBe(75);
    expect(credentialCpdHours(both)).toBe(1.5);
    const hoursOnly = payload({
      credentialSubject: {
        ...subject,
        achievement: { ...subject.achievement, resultDescription: [hours] },
        result: [{ type: ['Result'], resultDescription: 'urn:uuid:hours', value: '2' }],
      },
    });
    expect(credentialQuizScore(hoursOnly)).toBeNull();
    expect(credentialCpdHours(payload())).toBeNull();
  });
});
