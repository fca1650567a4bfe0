import type { Db } from '../db/knex.ts';

/** A published signing key's row, as the JWKS presents it. */
export interface CredentialKeyRow {
  thumbprint: string;
  alg: string;
  publicJwk: string;
}

/** The credential ids of every revoked certificate, in id order (the revocation list). */
export async function revokedCredentialIds(db: Db): Promise<string[]> {
  const rows = (await db('certificateCredentials')
    .join('certificates', 'certificates.id', 'certificateCredentials.certificateId')
    .select('certificateCredentials.credentialId')
    .whereNotNull('certificates.revokedAt')
    .orderBy('certificateCredentials.credentialId')) as Array<{ credentialId: string }>;
  return rows.map((row) => row.credentialId);
}

/** The published key with this thumbprint, retired or not. */
export function credentialKey(db: Db, thumbprint: string): Promise<CredentialKeyRow | undefined> {
  return db('credentialKeys').select('thumbprint', 'alg', 'publicJwk').where({ thumbprint }).first();
}
