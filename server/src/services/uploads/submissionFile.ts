import type { Readable } from 'node:stream';
import pLimit from 'p-limit';
import sharp from 'sharp';
import type { SubmissionFileKind } from '@atrium/common';
import { SUBMISSION_FILE_LIMITS, submissionKindOf } from '@atrium/common';
import type { AttachSubmissionFileInput } from '../../commands/submissions.ts';
import { HttpError } from '../../errors.ts';
import { hashOf } from '../storage/hashing.ts';
import { newStorageKey, type FileStorage } from '../storage/index.ts';
import { sniffStream } from '../storage/sniff.ts';
import type { FinishedUpload } from './tus.ts';

/** A finished upload now in storage: what attachSubmissionFile takes besides the learner and the assignment. */
export type StoredSubmissionFile = Omit<AttachSubmissionFileInput, 'userId' | 'assignmentId'>;

/** A refusal of the finished bytes: the final PATCH's status and the sentence the portal shows. */
export class UploadRefused extends HttpError {
  constructor(status: 413 | 415 | 422, message: string) {
    super(status, status === 413 ? 'file_too_large' : 'bad_request', message);
  }
}

const HEIF_TYPES = new Set(['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence']);

/** What an image becomes: the same format, except HEIC/HEIF, which few browsers show, becomes JPEG. */
const IMAGE_OUTPUT: Record<string, { format: 'jpeg' | 'png' | 'webp'; contentType: string }> = {
  'image/jpeg': { format: 'jpeg', contentType: 'image/jpeg' },
  'image/png': { format: 'png', contentType: 'image/png' },
  'image/webp': { format: 'webp', contentType: 'image/webp' },
};

/**
 * Photos decoded at once on this instance. A decoded photo is its pixels (a 50-megapixel one is
 * 150 MB), so twenty learners finishing uploads together wait their turn rather than fill memory.
 */
const reencoding = pLimit(2);
/** 60 megapixels: more than any phone's default photo; a larger (or decompression-bomb) image is refused. */
const MAX_PIXELS = 60_000_000;

const KIND_WORD: Record<SubmissionFileKind, string> = { image: 'a photo', audio: 'a recording', video: 'a video', pdf: 'a PDF' };
const MB = 1024 * 1024;

/** "25 MB", "1 GB": the limits as the portal states them. */
export function formatLimit(bytes: number): string {
  return bytes >= 1024 * MB ? `${Math.round(bytes / (1024 * MB))} GB` : `${Math.round(bytes / MB)} MB`;
}

/** The kind a client's declared type names (untrusted: only used to choose a limit and to compare). */
export function declaredKind(filetype: string | null | undefined): SubmissionFileKind | null {
  const type = (filetype ?? '').toLowerCase().split(';')[0]!.trim();
  if (type === 'application/pdf') return 'pdf';
  const major = type.split('/')[0];
  return major === 'image' || major === 'audio' || major === 'video' ? major : null;
}

/**
 * Judges a finished upload by its bytes and stores it: the type is sniffed (file-type), anything
 * not a submittable kind (SVG, HTML, scripts, archives …) or not `accepts`, or a photo or PDF of another kind
 * than the client declared, is refused; images are decoded and re-encoded by sharp, turned
 * upright by their EXIF orientation and stripped of every metadata block (GPS, camera, owner,
 * ICC). Recordings, videos and PDFs are moved into storage as they are (renamed on one disk,
 * copied inside one bucket), streamed across only where the staging and the storage are apart.
 * Nothing is held whole in memory but an image (≤ 25 MB) inside sharp. A refusal or a failure
 * leaves nothing in storage.
 */
export async function storeSubmissionFile(
  storage: FileStorage,
  upload: Pick<FinishedUpload, 'size' | 'open' | 'arrivedHash' | 'moveInto'>,
  input: { filename: string | null; filetype: string | null; accepts: readonly string[] },
): Promise<StoredSubmissionFile> {
  const source = await upload.open();
  const sniffed = await sniffStream(source);
  const contentType = sniffed.contentType ?? '';
  const kind: SubmissionFileKind | null = HEIF_TYPES.has(contentType) ? 'image' : submissionKindOf(contentType);
  const stopReading = async () => {
    await sniffed.cancel();
    source.destroy();
  };
  const refuse = async (status: 413 | 415 | 422, message: string): Promise<never> => {
    await stopReading();
    throw new UploadRefused(status, message);
  };
  if (!kind) return refuse(415, 'This file is not a photo, recording, video or PDF that can be submitted (its contents were checked, not its name).');
  if (!input.accepts.includes(kind)) return refuse(415, `This assignment does not accept ${KIND_WORD[kind]}.`);
  const declared = declaredKind(input.filetype);
  // Audio and video share containers (an .m4a voice memo may sniff as video/mp4): only a mismatch
  // involving a photo or a PDF is refused; the sniffed kind's own limit applies below either way.
  const containersOverlap = (declared === 'audio' || declared === 'video') && (kind === 'audio' || kind === 'video');
  if (declared && declared !== kind && !containersOverlap)
    return refuse(422, `The file's contents are ${KIND_WORD[kind]}, but it was sent as ${KIND_WORD[declared]}.`);
  if (upload.size > SUBMISSION_FILE_LIMITS[kind])
    return refuse(413, `${capitalise(KIND_WORD[kind])} may be at most ${formatLimit(SUBMISSION_FILE_LIMITS[kind])}.`);

  // attachSubmissionFile names it (folders and unsafe characters dropped, the sniffed type's extension forced).
  const originalName = input.filename ?? '';
  const storageKey = newStorageKey('submissions');
  if (kind === 'image') return reencoding(() => reencodeImage(storage, sniffed.body, { storageKey, originalName, contentType }));

  // Written once, as it arrived: moved into place rather than copied where the storage allows,
  // which halves the disk traffic of a 1 GB video and keeps its bytes off the event loop.
  await stopReading();
  if (await upload.moveInto(storage, storageKey, contentType)) {
    try {
      const sha256 = upload.arrivedHash ?? (await hashOf(await storage.get(storageKey)));
      return { storageKey, originalName, kind, contentType, size: upload.size, sha256 };
    } catch (error) {
      await storage.delete(storageKey).catch(() => {});
      throw error;
    }
  }
  const stored = await storage.put(storageKey, await upload.open(), { contentType });
  return { storageKey, originalName, kind, contentType, size: stored.size, sha256: stored.sha256 };
}

/** Decodes a photo, turns it upright and writes it again without any metadata, into `storageKey`. */
async function reencodeImage(
  storage: FileStorage,
  body: Readable,
  { storageKey, originalName, contentType }: { storageKey: string; originalName: string; contentType: string },
): Promise<StoredSubmissionFile> {
  const output = IMAGE_OUTPUT[contentType] ?? { format: 'jpeg' as const, contentType: 'image/jpeg' };
  // rotate() with no angle applies the EXIF orientation; sharp writes no metadata unless asked
  // (no withMetadata/keepExif), so GPS, camera and owner fields are not carried over.
  const encoder = sharp({ failOn: 'error', limitInputPixels: MAX_PIXELS, sequentialRead: true })
    .rotate()
    .toFormat(output.format, output.format === 'png' ? { compressionLevel: 8 } : { quality: 88 });
  let decodeFailed = false;
  encoder.once('error', () => {
    decodeFailed = true;
  });
  body.once('error', (error) => encoder.destroy(error));
  body.pipe(encoder);
  try {
    const stored = await storage.put(storageKey, encoder, { contentType: output.contentType });
    // attachSubmissionFile names it by the type written: a HEIC photo stored as JPEG, "IMG_0042.HEIC", is "IMG_0042.jpg".
    return { storageKey, originalName, kind: 'image', contentType: output.contentType, size: stored.size, sha256: stored.sha256 };
  } catch (error) {
    // put() removed its partial object. An image sharp cannot decode (a HEIC this build lacks the
    // codec for, a truncated file) is the sender's problem, not a server error.
    if (!decodeFailed || error instanceof HttpError) throw error;
    throw new UploadRefused(
      422,
      HEIF_TYPES.has(contentType)
        ? 'This HEIC photo could not be read. Choose it again as a JPEG (on iPhone: Settings › Camera › Formats › Most Compatible).'
        : `This image could not be read: it may be damaged, or larger than ${MAX_PIXELS / 1_000_000} megapixels. Export it again and retry.`,
    );
  }
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
