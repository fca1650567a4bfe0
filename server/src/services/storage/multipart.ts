import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { badRequest, HttpError } from '../../errors.ts';
import { newStorageKey } from './keys.ts';
import { sniffStream } from './sniff.ts';
import type { FileStorage } from './types.ts';

export interface ReceiveFileOptions {
  storage: FileStorage;
  /** The storage area the object is kept under ("resources"). */
  area: string;
  /** The multipart field that carries the file. */
  field: string;
  maxBytes: number;
  /** Whether a sniffed media type is accepted. */
  accepts(contentType: string): boolean;
  /** The 400's sentence for a file of another type. */
  refusedType: string;
  /** The 413's sentence. */
  tooLarge: string;
}

/** A file now in storage, and what is known of it. */
export interface ReceivedFile {
  key: string;
  /** The name the client gave it (not trusted for anything but a download name). */
  clientName: string;
  contentType: string;
  size: number;
  sha256: string;
}

export interface ReceivedUpload {
  fields: Record<string, string>;
  /** Null when the form carried no file in `field`. */
  file: ReceivedFile | null;
}

/** Room for the form's boundaries, part headers and text fields around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

// The answer that ends an upload early also ends the connection, so the client stops sending
// the rest of a body that nobody reads.
const closing = { Connection: 'close' };

/**
 * Reads a multipart/form-data request (busboy) and streams its one file into storage as it
 * arrives: the type is judged from the first bytes before anything is written, and the body is
 * cut off at `maxBytes`. A refused type (400), a file too large (413), a malformed form (400) or a
 * failed write leaves nothing stored. The caller owns the stored object once this resolves, and
 * deletes it if what it does next fails.
 */
export async function receiveFile(req: IncomingMessage, options: ReceiveFileOptions): Promise<ReceivedUpload> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > options.maxBytes + FORM_OVERHEAD_BYTES) {
    throw new HttpError(413, 'file_too_large', options.tooLarge, { [options.field]: options.tooLarge }, closing);
  }
  let parser: busboy.Busboy;
  try {
    // busboy reports 'limit' once a file reaches fileSize bytes, so one more than the largest allowed;
    // file names arrive as UTF-8 from every browser.
    parser = busboy({
      headers: req.headers,
      defParamCharset: 'utf8',
      limits: { files: 1, fileSize: options.maxBytes + 1, fields: 20, fieldSize: 16 * 1024, parts: 22 },
    });
  } catch {
    throw badRequest('Send the file as multipart/form-data', { [options.field]: 'Choose a file to upload' });
  }

  const fields: Record<string, string> = {};
  let storing: Promise<ReceivedFile> | null = null;
  let stored: ReceivedFile | null = null;
  let fileStream: Readable | null = null;

  const finished = new Promise<void>((resolve, reject) => {
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== options.field || storing) {
        stream.resume();
        return;
      }
      fileStream = stream;
      stream.on('limit', () => stream.destroy(new HttpError(413, 'file_too_large', options.tooLarge, { [options.field]: options.tooLarge }, closing)));
      storing = store(stream, info.filename ?? '');
      storing.then(
        (file) => {
          stored = file;
        },
        (error: unknown) => reject(error),
      );
    });
    parser.on('filesLimit', () => reject(badRequest('Send one file at a time', { [options.field]: 'Send one file at a time' })));
    parser.on('partsLimit', () => reject(badRequest('The form has too many fields')));
    parser.on('error', () => reject(badRequest('The upload could not be read. Choose the file again.', { [options.field]: 'Choose the file again' })));
    parser.on('close', () => resolve());
    req.on('aborted', () => reject(badRequest('The upload was interrupted. Try again.', { [options.field]: 'The upload was interrupted' })));
  });

  async function store(stream: Readable, clientName: string): Promise<ReceivedFile> {
    const sniffed = await sniffStream(stream);
    if (!sniffed.contentType || !options.accepts(sniffed.contentType)) {
      await sniffed.cancel();
      throw new HttpError(400, 'bad_request', options.refusedType, { [options.field]: options.refusedType }, closing);
    }
    const key = newStorageKey(options.area);
    const object = await options.storage.put(key, sniffed.body, { contentType: sniffed.contentType });
    return { key, clientName, contentType: sniffed.contentType, size: object.size, sha256: object.sha256 };
  }

  req.pipe(parser);
  try {
    await finished;
    if (storing) await storing;
  } catch (error) {
    req.unpipe(parser);
    (fileStream as Readable | null)?.destroy(error as Error);
    // A write still under way is failed by the destroyed stream and removes its partial object;
    // one that completed meanwhile is deleted here.
    await (storing as Promise<ReceivedFile> | null)?.catch(() => {});
    if (stored) await options.storage.delete((stored as ReceivedFile).key).catch(() => {});
    throw error;
  }
  return { fields, file: stored };
}
