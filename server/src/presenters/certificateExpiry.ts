import { addMonths } from '@atrium/common';
import type { AppDeps } from '../context.ts';
import type { Certificate } from '../models/Certificate.ts';
import { expiresOn } from '../queries/trainingStatus.ts';

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
  const expires = expiresOn({ issuedAt: Number(certificate.issuedAt), validityMonths: months === null ? null : Number(months) });
  if (!expires) return {};
  return { expiresOn: expires, expired: addMonths(Number(certificate.issuedAt), Number(months)) < deps.clock.now().getTime() };
}
