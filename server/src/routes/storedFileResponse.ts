import parseRange from 'range-parser';
import { withoutUnsafeCharacters } from '@atrium/common';
import type { AppContext } from '../context.ts';
import { HttpError } from '../errors.ts';
import type { ByteRange } from '../services/storage/index.ts';

/** A stored object as a response sends it. */
export interface SentFile {
  storageKey: string;
  /** Sniffed from the bytes when it arrived. */
  contentType: string;
  size: number;
  /** The name a browser saves it as (see setDownloadName). */
  fileName: string;
  /** `attachment` downloads; `inline` lets the browser show it (images, players, the PDF viewer). */
  disposition: 'attachment' | 'inline';
}

/**
 * Sends a stored file, the one way every uploaded file is served (resources, submissions): its
 * sniffed type, never sniffed again by the browser (`nosniff`); a single byte range
 * (`Range: bytes=…`) answers 206 so audio and video play and seek, one outside the file 416.
 * `extraHeaders` adds what a route needs beyond that (a sandboxing CSP, no caching).
 */
export async function sendStoredFile(ctx: AppContext, file: SentFile, extraHeaders: Record<string, string> = {}): Promise<void> {
  const total = file.size;
  let range: ByteRange | undefined;
  const header = ctx.get('range');
  if (header && total > 0) {
    const ranges = parseRange(total, header, { combine: true });
    if (ranges === -1) {
      throw new HttpError(416, 'bad_request', 'The requested range is outside the file', undefined, { 'Content-Range': `bytes */${total}` });
    }
    // A malformed header, or several ranges, is answered with the whole file (RFC 9110 allows it).
    if (ranges !== -2 && ranges.type === 'bytes' && ranges.length === 1) range = { start: ranges[0]!.start, end: ranges[0]!.end };
  }
  const body = await ctx.deps.storage.get(file.storageKey, range);
  setDownloadName(ctx, file.fileName, file.disposition);
  ctx.type = file.contentType;
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Accept-Ranges', 'bytes');
  for (const [name, value] of Object.entries(extraHeaders)) ctx.set(name, value);
  if (range) {
    ctx.status = 206;
    ctx.set('Content-Range', `bytes ${range.start}-${range.end}/${total}`);
    ctx.length = range.end - range.start + 1;
  } else {
    ctx.length = total;
  }
  ctx.body = body;
}

/** Letters that decompose into no ASCII letter and a mark, spelled as English keyboards write them. */
const ASCII_SPELLINGS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  đ: 'd',
  Đ: 'D',
  ł: 'l',
  Ł: 'L',
  þ: 'th',
  Þ: 'Th',
};

/**
 * A name in printable ASCII, for `filename=`, which browsers read as Latin-1 at best: accents
 * dropped (`Évaluation` → `Evaluation`), a few letters spelled out, anything else `_`.
 */
export function asciiFileName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, (character) => ASCII_SPELLINGS[character] ?? '_')
    .replace(/_+/g, '_');
}

/**
 * `Content-Disposition` for a stored file (RFC 6266): an ASCII name in `filename=`, and, whenever
 * the name is anything but ASCII, the name itself in RFC 5987's `filename*` (UTF-8,
 * percent-encoded), which every current browser prefers. A Latin-1 name such as
 * `Évaluation des élèves.pdf` is never sent as raw Latin-1 bytes. Unsafe and bidirectional
 * characters go whatever the caller stored.
 */
export function setDownloadName(ctx: AppContext, name: string, disposition: 'attachment' | 'inline'): void {
  const safe = withoutUnsafeCharacters(name) || 'file';
  // `fallback` differing from the name is what makes the content-disposition package add `filename*`.
  ctx.attachment(safe, { type: disposition, fallback: asciiFileName(safe) });
}
