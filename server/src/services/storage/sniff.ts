import { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';

/**
 * How many leading bytes the type is judged from: enough for file-type to read an Office file's
 * `[Content_Types].xml` entry (what tells a .docx from a plain .zip), which comes first in files
 * Office and its peers write.
 */
const SAMPLE_BYTES = 64 * 1024;

export interface SniffedStream {
  /** The media type the bytes are (file-type's verdict); null when they are of no known kind. */
  contentType: string | null;
  /** The whole body again, sample first: only the sample was held in memory. */
  body: Readable;
  /** Stops reading the source (its type was refused). */
  cancel(): Promise<void>;
}

/**
 * Reads the first bytes of `source`, judges their type by content (never by a declared type or
 * name), and gives the body back as a stream that starts with them. An error of `source` (a size
 * limit, a dropped connection) reaches whoever reads `body`.
 */
export async function sniffStream(source: Readable): Promise<SniffedStream> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const head: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < SAMPLE_BYTES) {
    const step = await iterator.next();
    if (step.done) {
      ended = true;
      break;
    }
    head.push(step.value);
    length += step.value.length;
  }
  const sample = Buffer.concat(head);
  const type = sample.length ? await fileTypeFromBuffer(sample) : undefined;
  async function* whole(): AsyncGenerator<Buffer> {
    if (sample.length) yield sample;
    if (ended) return;
    for (;;) {
      const step = await iterator.next();
      if (step.done) return;
      yield step.value;
    }
  }
  return {
    contentType: type?.mime ?? null,
    body: Readable.from(whole(), { objectMode: false }),
    async cancel() {
      await iterator.return?.();
    },
  };
}
