/**
 * Where to go after signing in: the `next` query parameter when it is a same-origin relative
 * path ("/join?token=…"), never another site ("//evil.example", "https://…", "/\\evil").
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if (hasControlCharacterOrBackslash(next)) return null;
  try {
    const base = 'https://same-origin.invalid';
    const url = new URL(next, base);
    if (url.origin !== base) return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}

/** A control character (U+0000–U+001F) or a backslash: browsers strip or reinterpret both in URLs. */
function hasControlCharacterOrBackslash(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code <= 0x1f || code === 0x5c) return true;
  }
  return false;
}

/** The /auth link that comes back to `path` afterwards. */
export const authLinkReturningTo = (path: string) => `/auth?next=${encodeURIComponent(path)}`;
