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

/** What a certificate's credential says of its course (none once the course is deleted). */
export interface CredentialCourseRow {
  description: string;
  validityMonths: number | null;
  passMark: number | null;
}

/** The course as its certificates' credentials describe it. */
export function credentialCourse(db: Db, courseId: number): Promise<CredentialCourseRow | undefined> {
  return db('courses').select('description', 'validityMonths', 'passMark').where({ id: courseId }).first();
}
