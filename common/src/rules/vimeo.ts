export interface VimeoVideoRef {
  id: string;
  hash: string | null;
}

/**
 * Accepts a bare Vimeo id ("76979871"), an id with a private hash ("76979871/abc123"),
 * or any vimeo.com / player.vimeo.com link, including `?h=` private links.
 */
export function parseVimeoInput(input: string): VimeoVideoRef | null {
  const value = input.trim();
  const bare = /^(\d{1,12})(?:[/:?]h?=?([0-9a-f]{6,20}))?$/i.exec(value);
  if (bare?.[1]) return { id: bare[1], hash: bare[2] ?? null };

  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(value) ? value : `https://${value}`);
  } catch {
    return null;
  }
  if (!/(^|\.)vimeo\.com$/i.test(url.hostname)) return null;
  const segments = url.pathname.split('/').filter(Boolean);
  // In /showcase/123/video/456 the video is the id after "video"; elsewhere the first number.
  const afterVideo = segments.findIndex((segment, i) => /^videos?$/.test(segments[i - 1] ?? '') && /^\d{1,12}$/.test(segment));
  const index = afterVideo >= 0 ? afterVideo : segments.findIndex((segment) => /^\d{1,12}$/.test(segment));
  const id = index >= 0 ? segments[index] : undefined;
  if (!id) return null;
  const next = segments[index + 1];
  const hash = url.searchParams.get('h') ?? (next && /^[0-9a-f]{6,20}$/i.test(next) ? next : null);
  return { id, hash: hash && /^[0-9a-f]{6,20}$/i.test(hash) ? hash : null };
}
