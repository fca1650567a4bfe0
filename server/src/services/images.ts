import { createHash } from 'node:crypto';
import type SharpModule from 'sharp';
import { HttpError } from '../errors.ts';

let sharpModule: Promise<typeof SharpModule> | null = null;

/**
 * sharp (libvips) adds tens of megabytes to the process once loaded, and only an avatar upload needs
 * it: it is loaded by the first one, so a server that never sees one never carries it (the
 * export's memory bound counts the whole process).
 */
function loadSharp(): Promise<typeof SharpModule> {
  // A failed load is tried again by the next upload rather than remembered.
  sharpModule ??= import('sharp').then(
    (module) => module.default,
    (error: unknown) => {
      sharpModule = null;
      throw error;
    },
  );
  return sharpModule;
}

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
const AVATAR_SIZE = 512;
const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp', 'gif']);

export interface EncodedImage {
  data: Buffer;
  contentType: string;
  etag: string;
}

/**
 * Decides the type from the bytes, never the declared type, and re-encodes to a square WebP so
 * nothing the uploader sent (metadata, scripts in polyglots) is served back.
 */
export async function encodeAvatar(input: Buffer): Promise<EncodedImage> {
  const invalid = new HttpError(415, 'invalid_image', 'Please select an image file');
  const sharp = await loadSharp();
  let format: string | undefined;
  try {
    // limitInputPixels guards against decompression bombs: 5 MB can hold a 40,000² PNG.
    format = (await sharp(input, { limitInputPixels: 50_000_000 }).metadata()).format;
  } catch {
    throw invalid;
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw invalid;
  try {
    const data = await sharp(input, { limitInputPixels: 50_000_000, animated: false })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', withoutEnlargement: false })
      .webp({ quality: 82 })
      .toBuffer();
    return { data, contentType: 'image/webp', etag: createHash('sha256').update(data).digest('hex').slice(0, 32) };
  } catch {
    throw invalid;
  }
}
