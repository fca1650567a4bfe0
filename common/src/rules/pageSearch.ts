// Without zod, apart from schemas/paging.ts (pageQuery, the shape this writes): the portal's first
// load asks for pages (the dashboard's training list, the account menu's trust) and would
// otherwise bring zod along.

/** What a caller asks for: the page, and for a searched list the text. */
export interface PageRequest {
  limit?: number;
  offset?: number;
  q?: string;
}

/** The query string (without '?') for a page of a list, in the shape pageQuery reads. */
export function pageSearch({ q, limit, offset }: PageRequest): string {
  const pairs: Array<[string, string | number | undefined]> = [
    ['q', q],
    ['limit', limit],
    ['offset', offset],
  ];
  return pairs
    .filter((pair): pair is [string, string | number] => pair[1] !== undefined)
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
    .join('&');
}
