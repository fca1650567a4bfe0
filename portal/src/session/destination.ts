import { useSearchParams } from 'react-router';
import { safeNextPath } from './nextPath.ts';

/**
 * The page a signed-out visitor asked for before SPEC §2 sent them to "/" (a link to
 * /courses/3/modules/5 in an e-mail, say), opened once they have signed in. Kept per tab in
 * sessionStorage, because the landing page and /auth stand between the link and the sign-in, and
 * only for a while: a tab left open overnight should not spring an old page on whoever signs in.
 */
const KEY = 'atrium:destination';
const KEPT_FOR_MS = 30 * 60 * 1000;

export function rememberDestination(path: string): void {
  const safe = safeNextPath(path);
  if (!safe) return;
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ path: safe, at: Date.now() }));
  } catch {
    // Storage refused (private mode, quota): the visitor simply lands on "/" after signing in.
  }
}

export function rememberedDestination(now = Date.now()): string | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const saved = JSON.parse(raw) as { path?: unknown; at?: unknown };
    if (typeof saved.path !== 'string' || typeof saved.at !== 'number' || now - saved.at > KEPT_FOR_MS || saved.at > now) return null;
    // Read back through the same check: storage is writable by anything on the origin.
    return safeNextPath(saved.path);
  } catch {
    return null;
  }
}

export function forgetDestination(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was stored.
  }
}

/** Where signing in leads: the `next` the link carried, else the remembered page, else home. */
export function useAfterSignInPath(): string {
  const [params] = useSearchParams();
  return safeNextPath(params.get('next')) ?? rememberedDestination() ?? '/';
}
