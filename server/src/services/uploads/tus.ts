import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { MemoryLocker, Server, type ServerOptions } from '@tus/server';
import type { Upload } from '@tus/utils';
import type { AppDeps } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import type { User } from '../../models/User.ts';
import { UPLOAD_ID_PATTERN } from '../../models/uploadIds.ts';
import type { FileStorage } from '../storage/index.ts';
import type { Staging } from './staging.ts';
import { forgetUpload, recordUploadWithinCap } from './records.ts';
import { formatLimit } from './submissionFile.ts';

export const UPLOADS_PATH = '/api/uploads';
/** One account's unfinished uploads may hold at most this much staging space, and this many uploads. */
export const IN_FLIGHT_BYTES = 2 * 1024 * 1024 * 1024;
export const IN_FLIGHT_UPLOADS = 40;

/** Who is uploading: set by the route for the request tus is about to handle. */
export interface UploadCaller {
  deps: AppDeps;
  user: User;
}

/** A finished upload, for the hook that turns it into what the app keeps. */
export interface FinishedUpload {
  /** The id in the URL. */
  id: string;
  size: number;
  /** What `checkCreate` kept. */
  metadata: Record<string, string>;
  /** Its bytes, as a stream. */
  open(): Promise<Readable>;
  /** The SHA-256 of its bytes when this instance hashed them as they arrived, else null. */
  arrivedHash: string | null;
  /** Moves its bytes into storage without streaming them, where the storage allows (see `Staging.moveInto`). */
  moveInto(storage: FileStorage, key: string, contentType: string): Promise<boolean>;
}

/**
 * What an upload is for (submission files): checked before a byte is staged, and done once the
 * last byte has arrived. Both throw HttpError to refuse; the sentence becomes the answer's body.
 */
export interface UploadPurpose {
  /** Refuses the upload or answers the metadata to keep (the owner and creation time are added). */
  checkCreate(caller: UploadCaller, upload: { size: number; metadata: Record<string, string | null> }): Promise<Record<string, string>>;
  /** Keeps the finished file; answers the id the final PATCH reports as `Upload-File-Id`. */
  finish(caller: UploadCaller, upload: FinishedUpload): Promise<number>;
}

/** A tus error answer: the status and the one-line text the portal shows as it is. */
type TusError = { status_code: number; body: string };
type TusRequest = Parameters<NonNullable<ServerOptions['onIncomingRequest']>>[0];
const refusal = (status: number, message: string): TusError => ({ status_code: status, body: `${message}\n` });

/**
 * The tus 1.0.0 server behind `/api/uploads` (creation, termination; expiry by the app's
 * `upload-cleanup` job). The Koa route authenticates, checks the origin, counts rate limits and
 * checks that the caller created the upload named in the URL; this object stages the bytes,
 * caps what one account may have in flight, and hands created and finished uploads to the
 * purpose's hooks. The staged bytes are removed once an upload finishes, whatever the outcome.
 */
export class ResumableUploads {
  private readonly server: Server;
  private readonly callers = new WeakMap<IncomingMessage, UploadCaller>();

  constructor(
    readonly staging: Staging,
    publicUrl: string,
    private readonly purpose: UploadPurpose,
    private readonly maxSize: number,
  ) {
    const options: ServerOptions & { datastore: Staging['datastore'] } = {
      path: UPLOADS_PATH,
      datastore: staging.datastore,
      // One PATCH at a time per upload on this instance. tus clients send one request at a time
      // and wait for the previous one to fail before resuming, so instances need no shared lock.
      locker: new MemoryLocker(),
      // The largest file the purpose takes; each upload's own limit is checked when it is created.
      maxSize,
      allowedOrigins: [new URL(publicUrl).origin],
      exposedHeaders: ['Upload-File-Id'],
      // Relative, so the Location is right behind any proxy; tus clients resolve it against the endpoint.
      generateUrl: (_req, { id }) => `${UPLOADS_PATH}/${id.slice(staging.prefix.length)}`,
      getFileIdFromRequest: (req) => {
        const last = new URL(req.url).pathname.split('/').pop() ?? '';
        return UPLOAD_ID_PATTERN.test(last) ? `${staging.prefix}${last}` : undefined;
      },
      // Nothing but randomness: whose an upload is, is its `uploads` row's to say.
      namingFunction: () => `${staging.prefix}${randomBytes(16).toString('hex')}`,
      onUploadCreate: (req, upload) => this.checkCreate(this.caller(req), upload),
      onUploadFinish: (req, upload) => this.finish(this.caller(req), upload),
      onResponseError: (req, error) => this.answerError(req, error),
    };
    this.server = new Server(options);
  }

  /** Answers one tus request on the raw request and response (the route has set ctx.respond = false). */
  async handle(caller: UploadCaller, req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.callers.set(req, caller);
    // A cancelled upload's row goes before its bytes: tus may answer 204 before this returns, and
    // the caller, told it is gone, must not find it still counted against them. Bytes left behind
    // by a termination that fails are nobody's now, and the cleanup removes them.
    if (req.method === 'DELETE') {
      const id = new URL(req.url ?? '', 'http://upload').pathname.split('/').pop() ?? '';
      await forgetUpload(caller.deps.db, id);
    }
    await this.server.handle(req, res);
  }

  /** What `OPTIONS /api/uploads` answers (tus 1.0.0 discovery): the version, the extensions this server implements, the largest upload. */
  capabilities(): Record<string, string> {
    return { 'Tus-Resumable': '1.0.0', 'Tus-Version': '1.0.0', 'Tus-Extension': 'creation,termination', 'Tus-Max-Size': String(this.maxSize) };
  }

  private caller(req: TusRequest): UploadCaller {
    const node = req.runtime?.node?.req as IncomingMessage | undefined;
    const caller = node && this.callers.get(node);
    if (!caller) throw new Error('tus request without a caller');
    return caller;
  }

  /**
   * Refuses an upload before any byte is staged: no length, an empty file, the purpose's own
   * refusals, or more than the account may have in flight (each refusal says which). Keeps only
   * the metadata the purpose answers, with the app clock's creation time, and records the
   * upload's row: its creator, its length and that time (the 24-hour cleanup reads it).
   */
  private async checkCreate(caller: UploadCaller, upload: Upload): Promise<{ metadata: Record<string, string> }> {
    if (upload.sizeIsDeferred || upload.size === undefined) throw refusal(400, 'Send the file size in Upload-Length');
    if (upload.size === 0) throw refusal(400, 'The file is empty');
    const size = upload.size;
    const kept = await asRefusal(() => this.purpose.checkCreate(caller, { size, metadata: upload.metadata ?? {} }));
    const createdAt = caller.deps.clock.now().getTime();
    // Before tus stages a byte: an upload never exists without the row that says whose it is. The
    // cap is counted and the row written under the account's lock, so a burst of creates cannot pass it.
    const refused = await recordUploadWithinCap(
      caller.deps.db,
      { id: upload.id.slice(this.staging.prefix.length), userId: caller.user.id, size, createdAt },
      { count: IN_FLIGHT_UPLOADS, bytes: IN_FLIGHT_BYTES },
    );
    if (refused === 'count')
      throw refusal(413, `You have ${IN_FLIGHT_UPLOADS} unfinished uploads, the most one account may have: let them finish or cancel some first`);
    if (refused === 'bytes') throw refusal(413, `You have ${formatLimit(IN_FLIGHT_BYTES)} of unfinished uploads; let them finish or cancel some first`);
    return { metadata: { ...kept, createdAt: String(createdAt) } };
  }

  private async finish(caller: UploadCaller, upload: Upload): Promise<{ status_code: number; headers: Record<string, string> }> {
    const id = upload.id.slice(this.staging.prefix.length);
    try {
      const metadata = Object.fromEntries(Object.entries(upload.metadata ?? {}).map(([key, value]) => [key, value ?? '']));
      const size = upload.size ?? 0;
      const finished: FinishedUpload = {
        id,
        size,
        metadata,
        open: () => this.staging.read(id),
        arrivedHash: this.staging.arrivedHash(id, size),
        moveInto: (storage, key, contentType) => this.staging.moveInto(id, storage, key, contentType),
      };
      const fileId = await asRefusal(() => this.purpose.finish(caller, finished));
      return { status_code: 204, headers: { 'Upload-File-Id': String(fileId) } };
    } finally {
      await this.staging.discard(id).catch((error: unknown) => caller.deps.logger.error({ err: error, upload: id }, 'could not remove a staged upload'));
      // After the bytes: a staged upload without a row is nobody's, and the cleanup removes it.
      await forgetUpload(caller.deps.db, id);
    }
  }

  /** tus's own 4xx answers stand; anything else is logged and answered as a 500 with a sentence. */
  private answerError(req: TusRequest, error: Error | TusError): TusError | undefined {
    if ('status_code' in error && error.status_code < 500) return undefined;
    const node = req.runtime?.node?.req as IncomingMessage | undefined;
    const caller = node ? this.callers.get(node) : undefined;
    caller?.deps.logger.error({ err: error }, 'resumable upload failed');
    return refusal(500, 'The upload could not be stored. Try again in a moment.');
  }
}

/** The app's own refusals (HttpError) become tus answers with their sentence; anything else stays an error. */
async function asRefusal<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError) throw refusal(error.status, error.message);
    throw error;
  }
}
