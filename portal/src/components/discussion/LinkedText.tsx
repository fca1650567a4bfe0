import type { ReactNode } from 'react';

// A web address in a comment: http(s) only, up to the first space or character a URL cannot hold.
const ADDRESS = /\bhttps?:\/\/[^\s<>"'`]+/gi;
// Punctuation that ends a sentence rather than the address ("see https://x.test/a.").
const TRAILING = /[.,;:!?)\]}]+$/;

/**
 * A comment's text as text: each web address in it is also a link showing the address itself,
 * never a label, so the reader sees where it goes. `rel` tells search engines the link is the
 * user's, not ours, and the new tab gets no handle on this page. Nothing is ever read as HTML.
 */
export function LinkedText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const address = match[0].replace(TRAILING, '');
    const start = match.index;
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      <a key={start} href={address} rel="nofollow ugc noopener" target="_blank">
        {address}
      </a>,
    );
    last = start + address.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
