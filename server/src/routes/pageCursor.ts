import { badRequest } from '../errors.ts';

/** Where a page of a newest-first list starts: after the row with this sort value and id. */
export interface PageCursor {
  at: number;
  id: number;
}

/** The next page starts after the last row of this one: its sort value and id, opaque to clients. */
export const encodeCursor = (cursor: PageCursor): string => Buffer.from(`${cursor.at}.${cursor.id}`).toString('base64url');

/** The cursor a client sent back, or null for the first page; one that is not ours is 400 (`field` names it). */
export function decodeCursor(cursor: string | undefined, what = 'list'): PageCursor | null {
  if (cursor === undefined) return null;
  const match = /^(\d{1,15})\.(\d{1,12})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw badRequest(`That page link is not valid: load the ${what} again`, { cursor: `Not a page of this ${what}` });
  return { at: Number(match[1]), id: Number(match[2]) };
}
