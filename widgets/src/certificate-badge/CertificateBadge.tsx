import type { CertificatePublicDto } from '@atrium/common/api/community';
import { useEffect, useState } from 'react';
import { useRequestState } from '../shared/requestState.ts';
import { CertificateBadgeView, type CertificateBadgeState } from './CertificateBadgeView.tsx';
import { verifyBadge } from './verifyBadge.ts';

export type VerificationStatus = 'valid' | 'not_found' | 'revoked' | 'unverified';

export interface CertificateBadgeProps {
  number?: string;
  /** Origin of the Atrium API; empty means the page's own origin. */
  apiBase?: string;
  /** Origin of the portal with the certificate page; defaults to the API origin. */
  portalUrl?: string;
  /** Told once per number checked: valid (signature checked), revoked, not found, or unverified (bad signature). */
  onVerified?: (result: { status: VerificationStatus; number: string; certificate: CertificatePublicDto | null }) => void;
  onError?: (message: string) => void;
}

const LOADING: CertificateBadgeState = { status: 'loading' };
const NOT_FOUND: CertificateBadgeState = { status: 'not_found' };

/** Verifies the certificate's signed credential in the browser (verifyBadge.ts). */
export function CertificateBadge({ number = '', apiBase = '', portalUrl, onVerified, onError }: CertificateBadgeProps) {
  const trimmed = number.trim();
  const [attempt, setAttempt] = useState(0);
  const request = JSON.stringify([trimmed, apiBase, attempt]);
  const [answered, settle] = useRequestState<CertificateBadgeState>(request, LOADING);
  // Without a number there is nothing to ask: not found at once, and no request.
  const state = trimmed ? answered : NOT_FOUND;

  useEffect(() => {
    if (!trimmed) {
      onVerified?.({ status: 'not_found', number: trimmed, certificate: null });
      return;
    }
    const controller = new AbortController();
    verifyBadge(apiBase, trimmed, controller.signal).then(
      (verdict) => {
        if (controller.signal.aborted) return;
        settle(request, verdict);
        onVerified?.({ status: verdict.status, number: trimmed, certificate: verdict.certificate ?? null });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        settle(request, { status: 'error' });
        onError?.(error instanceof Error ? error.message : String(error));
      },
    );
    return () => controller.abort();
    // The callbacks are notifications only; a new function identity must not re-verify.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [trimmed, apiBase, request, settle]);

  const base = (portalUrl ?? apiBase).replace(/\/+$/, '');
  return (
    <CertificateBadgeView
      number={trimmed}
      state={state}
      certificateUrl={`${base}/certificate/${encodeURIComponent(trimmed)}`}
      onRetry={() => setAttempt((n) => n + 1)}
    />
  );
}
