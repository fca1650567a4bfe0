import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, stat, unlink } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MeasuringStream } from './hashing.ts';
import { checkStorageKey, StorageNotFound, type AdoptableSource, type ByteRange, type FileStorage, type StoredObject } from './types.ts';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Files in a folder on this machine (`STORAGE_DIR`, `./data/files` by default): the embedded
 * default, for a single instance. An object is written to a temporary name beside its place and
 * renamed into it once complete, so a reader never sees half a file and a failed upload leaves
 * only a temporary file that is removed at once.
 */
export class DiskStorage implements FileStorage {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  get description(): string {
    return `disk ${this.root}`;
  }

  private path(key: string): string {
    return join(this.root, ...checkStorageKey(key).split('/'));
  }

  async put(key: string, body: Readable): Promise<StoredObject> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    const partial = `${target}.partial-${randomBytes(6).toString('hex')}`;
    const measure = new MeasuringStream();
    const file = createWriteStream(partial, { flags: 'wx' });
    try {
      await pipeline(body, measure, file);
      await rename(partial, target);
    } catch (error) {
      // The pipeline fails as soon as the body does, possibly before the file has been opened: wait
      // for the file stream to close, or the unlink could run before the open and leave it behind.
      if (!file.closed) await once(file, 'close').catch(() => {});
      await unlink(partial).catch(() => {});
      throw error;
    }
    return { size: measure.size, sha256: measure.digest() };
  }

  async adopt(key: string, source: AdoptableSource): Promise<boolean> {
    if (!('file' in source)) return false;
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    try {
      await rename(source.file, target);
      return true;
    } catch (error) {
      // Another file system (a staging folder mounted elsewhere): the caller copies instead.
      if ((error as NodeJS.ErrnoException).code === 'EXDEV') return false;
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const path = this.path(key);
    // Opened before answering, so a missing file is StorageNotFound here rather than a stream error later.
    const stream = createReadStream(path, range ? { start: range.start, end: range.end } : {});
    await new Promise<void>((done, fail) => {
      stream.once('open', () => done());
      stream.once('error', (error) => fail(isMissing(error) ? new StorageNotFound(key) : error));
    });
    return stream;
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await stat(this.path(key))).size;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  close(): void {
    // Files hold nothing open between calls.
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.path(key));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }
}
