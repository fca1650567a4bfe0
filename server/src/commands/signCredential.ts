import type { AppDeps } from '../context.ts';
import type { Certificate } from '../models/Certificate.ts';
// The one command that imports a presenter: what it signs is the credential exactly as it is
// presented (presentCredential), so the signed payload and the JSON beside it cannot drift apart.
// eslint-disable-next-line boundaries/dependencies
import { presentCredential } from '../presenters/credentials.ts';
import { completedAssignmentCount } from '../queries/assignments.ts';
import { credentialIdentity } from './credentialIdentity.ts';

/**
 * The signed Open Badges VC-JWT of a certificate that is not revoked, as its credential link and
 * "Download my data" hand it out: the same identity every time (assigned on first use).
 */
export async function signCertificateCredential(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'credentials'>,
  certificate: Certificate,
): Promise<{ jwt: string; credentialId: string; subjectId: string }> {
  const { db, config, clock, credentials } = deps;
  const [identity, course, completedAssignments] = await Promise.all([
    credentialIdentity(db, certificate),
    certificate.courseId === null ? null : db('courses').select('description', 'validityMonths', 'passMark').where({ id: certificate.courseId }).first(),
    certificate.courseId === null || certificate.userId === null ? 0 : completedAssignmentCount(db, certificate.userId, certificate.courseId),
  ]);
  const jwt = await credentials.sign(db, clock, presentCredential(config, { ...certificate, completedAssignments }, course ?? null, identity));
  return { jwt, credentialId: identity.credentialId, subjectId: identity.subjectId };
}
