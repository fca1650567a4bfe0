import type { AppDeps } from '../context.ts';
import type { Certificate } from '../models/Certificate.ts';
// Known exception, for the lead: the credential payload is a presenter's output signed by this
// command; routes/api/credentials should present it and pass it in, and then this import goes.
// eslint-disable-next-line boundaries/dependencies
import { presentCredential } from '../presenters/credentials.ts';
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
  const [identity, course] = await Promise.all([
    credentialIdentity(db, certificate),
    certificate.courseId === null ? null : db('courses').select('description', 'validityMonths').where({ id: certificate.courseId }).first(),
  ]);
  const jwt = await credentials.sign(db, clock, presentCredential(config, certificate, course ?? null, identity));
  return { jwt, credentialId: identity.credentialId, subjectId: identity.subjectId };
}
