import type { CertificatePublicDto } from '@atrium/common/api/community';
import { useEffect, useState } from 'react';
import { ApiError, getJson } from '../api.ts';
import { CertificateBadgeView, type CertificateBadgeState } from './CertificateBadgeView.tsx';

export type VerificationStatus = 'valid' | 'not_found';

export interface CertificateBadgeProps {
  number?: string;
  /** Origin of the Atrium API; empty means the page's own origin. */
  apiBase?: string;
  /** Origin of the portal with the certificate page; defaults to the API origin. */
  portalUrl?: string;
  /** Told once per number checked: valid, or not found (missing or revoked). */
  onVerified?: (result: { status: VerificationStatus; number: string; certificate: CertificatePublicDto | null }) => void;
  onError?: (message: string) => void;
}

/** GET /api/certificates/:number (public): 200 is a valid certificate, 404 is none. */
export function CertificateBadge({ number = '', apiBase = '', portalUrl, onVerified, onError }: CertificateBadgeProps) {
  const trimmed = number.trim();
  const [state, setState] = useState<CertificateBadgeState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!trimmed) {
      setState({ status: 'not_found' });
      onVerified?.({ status: 'not_found', number: trimmed, certificate: null });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    getJson<CertificatePublicDto>(apiBase, `/api/certificates/${encodeURIComponent(trimmed)}`, controller.signal).then(
      (certificate) => {
        setState({ status: 'valid', certificate });
        onVerified?.({ status: 'valid', number: trimmed, certificate });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) {
          setState({ status: 'not_found' });
          onVerified?.({ status: 'not_found', number: trimmed, certificate: null });
          return;
        }
        setState({ status: 'error' });
        onError?.(error instanceof Error ? error.message : String(error));
      },
    );
    return () => controller.abort();
    // The callbacks are notifications only; a new function identity must not re-verify.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [trimmed, apiBase, attempt]);

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
