import { certificateValidity, hasExpired } from '@atrium/common';
import type { AppDeps } from '../context.ts';
import type { Certificate } from '../models/Certificate.ts';

/**
 * The expiry fields of a public certificate: from its course's validity (read from the
 * catalogue cache) and its issue date. A certificate of a course without a validity, or whose
 * course was deleted, never expires.
 */
export async function certificateExpiry(
  deps: Pick<AppDeps, 'catalogue' | 'clock'>,
  certificate: Certificate,
): Promise<{ expiresOn?: string; expired?: boolean }> {
  if (certificate.courseId === null) return {};
  const entry = await deps.catalogue.course(Number(certificate.courseId));
  const months = entry?.course.validityMonths ?? null;
  const validity = certificateValidity(Number(certificate.issuedAt), months === null ? null : Number(months));
  if (!validity) return {};
  return { expiresOn: validity.expiresOn, expired: hasExpired(validity, deps.clock.now().getTime()) };
}
