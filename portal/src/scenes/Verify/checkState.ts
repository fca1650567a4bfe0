import type { CredentialVerdict } from '@atrium/common/credentials/verify';

/** What the page shows: a verdict on a credential, or why there was none to check. */
export type CheckState =
  | { phase: 'idle' }
  | { phase: 'checking' }
  | { phase: 'done'; verdict: CredentialVerdict }
  | { phase: 'number'; problem: 'revoked' | 'unknown' | 'unreachable'; number: string };

/** A credential file is a few kilobytes; anything far larger is not one. */
export const MAX_CREDENTIAL_BYTES = 64 * 1024;
