import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import type { CredentialJwtPayloadDto, PublicJwkDto } from '@atrium/common';
import { calculateJwkThumbprint, SignJWT, type JWK } from 'jose';
import type { Db } from '../db/knex.ts';
import type { Clock } from './clock.ts';

export type CredentialAlg = PublicJwkDto['alg'];

interface KeyRow {
  thumbprint: string;
  alg: string;
  publicJwk: string;
  createdAt: number | string;
  retiredAt: number | string | null;
}

/** Where a key is published: the `kid` of every credential it signs, answering that one JWK. */
export const credentialKeyUrl = (publicUrl: string, thumbprint: string) => `${publicUrl}/api/credentials/keys/${thumbprint}`;

/** A stored public key as published, its kid on the current PUBLIC_URL. */
export function publishedJwk(publicUrl: string, row: Pick<KeyRow, 'thumbprint' | 'alg' | 'publicJwk'>): PublicJwkDto {
  const jwk = JSON.parse(row.publicJwk) as Omit<PublicJwkDto, 'kid' | 'alg' | 'use'>;
  return { ...jwk, kid: credentialKeyUrl(publicUrl, row.thumbprint), alg: row.alg as CredentialAlg, use: 'sig' };
}

/**
 * The key that signs credentials (CREDENTIAL_SIGNING_KEY). Its public half is recorded in
 * `credentialKeys` before it signs anything; the keys it replaced stay there, retired, so the
 * credentials they signed keep verifying.
 */
export class CredentialSigner {
  readonly alg: CredentialAlg;
  private readonly privateKey: KeyObject;
  private readonly publicJwk: JWK;
  private registered: Promise<string> | null = null;

  constructor(
    pem: string,
    private readonly publicUrl: string,
  ) {
    this.privateKey = createPrivateKey({ key: pem, format: 'pem' });
    this.alg = this.privateKey.asymmetricKeyType === 'ec' ? 'ES256' : 'RS256';
    const jwk = createPublicKey(this.privateKey).export({ format: 'jwk' }) as JWK;
    this.publicJwk = jwk.kty === 'EC' ? { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y } : { kty: jwk.kty, n: jwk.n, e: jwk.e };
  }

  /**
   * Records this key as the current one (once per app) and retires any other current key. Two
   * instances racing to insert the same key meet the unique thumbprint; the loser reads it back.
   */
  register(db: Db, clock: Clock): Promise<string> {
    this.registered ??= this.registerOnce(db, clock).catch((error: unknown) => {
      this.registered = null;
      throw error;
    });
    return this.registered;
  }

  private async registerOnce(db: Db, clock: Clock): Promise<string> {
    const thumbprint = await calculateJwkThumbprint(this.publicJwk, 'sha256');
    const now = clock.now().getTime();
    try {
      await this.record(db, thumbprint, now);
    } catch (error) {
      // Another instance inserted the same key in the meantime: it is recorded all the same.
      if (!(await db('credentialKeys').where({ thumbprint }).first())) throw error;
    }
    return thumbprint;
  }

  private async record(db: Db, thumbprint: string, now: number): Promise<void> {
    await db.transaction(async (trx) => {
      const existing = await trx('credentialKeys').where({ thumbprint }).first();
      if (!existing) {
        await trx('credentialKeys').insert({ thumbprint, alg: this.alg, publicJwk: JSON.stringify(this.publicJwk), createdAt: now, retiredAt: null });
      } else if (existing.retiredAt !== null) {
        await trx('credentialKeys').where({ thumbprint }).update({ retiredAt: null });
      }
      await trx('credentialKeys').whereNot({ thumbprint }).whereNull('retiredAt').update({ retiredAt: now });
    });
  }

  /** The compact VC-JWT (OB 3.0 §8.2): the credential is the payload, `kid` the URL of this key. */
  async sign(db: Db, clock: Clock, payload: CredentialJwtPayloadDto): Promise<string> {
    const thumbprint = await this.register(db, clock);
    return new SignJWT({ ...payload })
      .setProtectedHeader({ alg: this.alg, typ: 'JWT', kid: credentialKeyUrl(this.publicUrl, thumbprint) })
      .sign(this.privateKey);
  }
}

/** Every key that ever signed, the current one first, then the retired ones newest first. */
export async function publishedKeys(db: Db): Promise<KeyRow[]> {
  const rows = (await db('credentialKeys').select('thumbprint', 'alg', 'publicJwk', 'createdAt', 'retiredAt')) as KeyRow[];
  const retiredAt = (row: KeyRow) => (row.retiredAt === null ? Number.POSITIVE_INFINITY : Number(row.retiredAt));
  return rows.sort((a, b) => retiredAt(b) - retiredAt(a) || Number(b.createdAt) - Number(a.createdAt));
}
