import type { Readable } from 'node:stream';

/** Bytes `start` to `end` of an object, both inclusive (HTTP's `Range: bytes=start-end`). */
export interface ByteRange {
  start: number;
  end: number;
}

/** What `put` learnt while streaming the object in: its length and its SHA-256 (hex). */
export interface StoredObject {
  size: number;
  sha256: string;
}

/**
 * One place for uploaded files (course resources today; submissions and captions share it).
 * Objects are written and read as streams, never held whole in memory, so a 1 GB video costs
 * what a 1 KB PDF does. Keys are chosen by the app (`newStorageKey`), never by a client.
 */
export interface FileStorage {
  /** Where the files live, for the log at start-up ("disk /srv/atrium/files", "s3 my-bucket"). */
  readonly description: string;
  /**
   * Streams `body` into the object `key`. The object appears only once the whole body has been
   * written; a body that fails (or is destroyed, e.g. past a size limit) leaves nothing behind.
   */
  put(key: string, body: Readable, options?: { contentType?: string }): Promise<StoredObject>;
  /**
   * Makes a file this instance already holds the object `key` without streaming its bytes: a
   * file on the same disk is renamed into place, an object in the same bucket copied inside it.
   * Answers false (and leaves the source as it was) when this storage cannot take `source` so.
   */
  adopt(key: string, source: AdoptableSource, options?: { contentType?: string }): Promise<boolean>;
  /** The object's bytes, or the bytes of `range` (which must lie inside it); `StorageNotFound` when absent. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** The object's length in bytes, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Releases connections (the S3 client's pool); the files stay. */
  close(): void;
}

/** Bytes already stored somewhere `adopt` may take them from. */
export type AdoptableSource = { file: string } | { bucket: string; key: string };

export class StorageNotFound extends Error {
  constructor(key: string) {
    super(`No stored file ${key}`);
    this.name = 'StorageNotFound';
  }
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/;

/** Keys are app-made paths of lower-case segments (no `..`, no leading slash), safe on disk and in S3. */
export function checkStorageKey(key: string): string {
  if (!KEY_PATTERN.test(key) || key.includes('..') || key.length > 200) throw new Error(`Invalid storage key ${JSON.stringify(key)}`);
  return key;
}
