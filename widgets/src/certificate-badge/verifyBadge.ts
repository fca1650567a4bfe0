import type { CertificatePublicDto } from '@atrium/common/api/community';
import type { PublicJwkDto } from '@atrium/common/api/credentials';
// Runtime code from common, unlike the widgets' other imports: a few hundred bytes of Web Crypto
// calls with no dependency, shared with the portal's /verify page so both check alike.
import { credentialLearnerName, credentialQuizScore, decodeCredential, signatureMatches } from '@atrium/common/credentials/verify';
import { apiUrl, getJson } from '../api.ts';

export type BadgeVerdict = { status: 'valid'; certificate: CertificatePublicDto } | { status: 'revoked' | 'not_found' | 'unverified'; certificate?: undefined };

/**
 * Fetches the certificate's Open Badges credential and checks its signature here, in the
 * browser, with the key its `kid` names, which must be published on the issuer's own origin
 * (the API's). What the badge shows comes from the signed credential, never from an unsigned
 * answer. A 404 says whether the number was revoked or is unknown; other failures throw.
 */
export async function verifyBadge(apiBase: string, number: string, signal: AbortSignal): Promise<BadgeVerdict> {
  const response = await fetch(apiUrl(apiBase, `/api/certificates/${encodeURIComponent(number)}/credential`), { signal });
  if (response.status === 404) {
    const body = (await response.json().catch(() => null)) as { id?: string } | null;
    return { status: body?.id === 'certificate_revoked' ? 'revoked' : 'not_found' };
  }
  if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
  const credential = decodeCredential(await response.text());
  const kid = credential?.header.kid;
  if (!kid?.startsWith(new URL(apiUrl(apiBase, '/api/credentials/keys/'), location.href).href)) return { status: 'unverified' };
  const key = await getJson<PublicJwkDto>('', kid, signal);
  if (!(await signatureMatches(credential!, key))) return { status: 'unverified' };
  const { payload } = credential!;
  return {
    status: 'valid',
    certificate: {
      studentName: credentialLearnerName(payload) ?? '',
      courseName: payload.credentialSubject.achievement.name,
      // Certificates are issued only for a course completed in full.
      completionPercentage: 100,
      completedAt: payload.validFrom,
      issuedAt: payload.awardedDate ?? payload.validFrom,
      certificateNumber: number.toUpperCase(),
      quizScore: credentialQuizScore(payload),
      // A course with a validity period: still verified (it was true when issued), marked expired.
      ...(payload.validUntil ? { expiresOn: payload.validUntil.slice(0, 10), expired: Date.parse(payload.validUntil) <= Date.now() } : {}),
    },
  };
}
