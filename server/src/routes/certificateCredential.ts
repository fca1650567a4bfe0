import type { AppDeps } from '../context.ts';
import { credentialIdentity } from '../commands/credentialIdentity.ts';
import type { Certificate } from '../models/Certificate.ts';
import { presentCredential } from '../presenters/credentials.ts';
import { completedAssignmentCount } from '../queries/assignments.ts';
import { credentialCourse } from '../queries/credentials.ts';

// Here, beside the routes that hand a credential out (its link, "Download my data"), rather than
// in commands/ or services/: it reads, assigns the identity (a command), presents and signs.

/**
 * The signed Open Badges VC-JWT of a certificate that is not revoked, as its credential link and
 * "Download my data" hand it out: the same identity every time (assigned on first use). What it
 * signs is the credential exactly as it is presented (presentCredential), so the signed payload
 * and the JSON beside it cannot drift apart.
 */
export async function signCertificateCredential(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'credentials'>,
  certificate: Certificate,
): Promise<{ jwt: string; credentialId: string; subjectId: string }> {
  const { db, config, clock, credentials } = deps;
  const [identity, course, completedAssignments] = await Promise.all([
    credentialIdentity(db, certificate),
    certificate.courseId === null ? null : credentialCourse(db, certificate.courseId),
    certificate.courseId === null || certificate.userId === null ? 0 : completedAssignmentCount(db, certificate.userId, certificate.courseId),
  ]);
  const jwt = await credentials.sign(db, clock, presentCredential(config, { ...certificate, completedAssignments }, course ?? null, identity));
  return { jwt, credentialId: identity.credentialId, subjectId: identity.subjectId };
}
