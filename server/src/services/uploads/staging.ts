import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import type { DataStore } from '@tus/utils';
import { STAGED_ID_PATTERN } from '../../models/uploadIds.ts';
import type { FileStorage, StorageConfig } from '../storage/index.ts';
import { ArrivalHashes, IngestionPace, instrumentWrites } from './arrivals.ts';

/** What the app keeps of a staged (not yet finished) upload, read back from the store. */
export interface StagedUpload {
  /** The id in the URL (32 hex; `u<userId>-<32 hex>` when staged before migration 037). */
  id: string;
  /** The declared Upload-Length. */
  size: number;
  /** The app clock's time of creation (ms), written by the create hook. */
  createdAt: number;
}

/**
 * Where unfinished tus uploads wait for their last byte: a folder with the disk storage, the
 * storage's own bucket (under `uploads/`) with S3, so a resumed upload may reach any instance.
 * tus's stores name objects by upload id; the S3 store's ids carry the `uploads/` prefix, while
 * URLs carry the bare id (see `storeId`).
 */
export interface Staging {
  readonly datastore: DataStore;
  /** `uploads/` with S3 (the store's object keys), '' on disk. */
  readonly prefix: string;
  /** Every staged upload (whose they are is the `uploads` table's to say). */
  list(): Promise<StagedUpload[]>;
  /** The finished bytes of an upload. */
  read(id: string): Promise<Readable>;
  /** The SHA-256 of a finished upload's `size` bytes when this instance saw them all arrive, else null. */
  arrivedHash(id: string, size: number): string | null;
  /**
   * Moves a finished upload into `storage` as `key` without its bytes passing through this
   * process (a rename on the same disk, a copy inside the same bucket); false when the storage
   * cannot take it so, and the bytes must be streamed across.
   */
  moveInto(id: string, storage: FileStorage, key: string, contentType: string): Promise<boolean>;
  /** Removes an upload's bytes and record, finished or not; a missing one is not an error. */
  discard(id: string): Promise<void>;
  close(): void;
}

const metadataTime = (metadata: Record<string, string | null> | undefined): number => Number(metadata?.createdAt ?? 0) || 0;

/** Shared by whichever staging the app has: one pace for the instance, one set of running hashes. */
const arrivals = () => ({ hashes: new ArrivalHashes(), pace: new IngestionPace() });

class DiskStaging implements Staging {
  readonly prefix = '';
  readonly datastore: FileStore;
  private readonly hashes: ArrivalHashes;

  constructor(private readonly directory: string) {
    const { hashes, pace } = arrivals();
    this.hashes = hashes;
    this.datastore = instrumentWrites(new FileStore({ directory }), (id) => id, hashes, pace);
  }

  async list(): Promise<StagedUpload[]> {
    let names: string[];
    try {
      names = await readdir(this.directory);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const ids = names.filter((name) => name.endsWith('.json')).map((name) => name.slice(0, -'.json'.length));
    const uploads: StagedUpload[] = [];
    for (const id of ids) {
      if (!STAGED_ID_PATTERN.test(id)) continue;
      const info = await this.datastore.configstore.get(id);
      if (info) uploads.push({ id, size: Number(info.size ?? 0), createdAt: metadataTime(info.metadata) });
    }
    return uploads;
  }

  async read(id: string): Promise<Readable> {
    return this.datastore.read(id) as Readable;
  }

  arrivedHash(id: string, size: number): string | null {
    return this.hashes.take(id, size);
  }

  async moveInto(id: string, storage: FileStorage, key: string): Promise<boolean> {
    return STAGED_ID_PATTERN.test(id) && storage.adopt(key, { file: join(this.directory, id) });
  }

  async discard(id: string): Promise<void> {
    if (!STAGED_ID_PATTERN.test(id)) return;
    this.hashes.forget(id);
    await rm(join(this.directory, id), { force: true });
    await rm(join(this.directory, `${id}.json`), { force: true });
  }

  close(): void {
    // Nothing is held open between requests.
  }
}

/** tus's S3 store, with the listing and the clean removal the app needs. */
class AppS3Store extends S3Store {
  async infoOf(id: string) {
    return (await this.getMetadata(id)).file;
  }

  /** Aborts a multipart upload still open, then deletes the object, its `.info` and `.part`. */
  async discard(id: string): Promise<void> {
    try {
      const { 'upload-id': uploadId } = await this.getMetadata(id);
      if (uploadId) await this.client.abortMultipartUpload({ Bucket: this.bucket, Key: id, UploadId: uploadId }).catch(() => {});
    } catch {
      // No .info: whatever is left is deleted below.
    }
    for (const key of [id, this.infoKey(id), this.partKey(id, true)]) await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    await this.clearCache(id);
  }
}

class S3Staging implements Staging {
  readonly prefix = 'uploads/';
  readonly datastore: AppS3Store;
  private readonly client: S3Client;
  private readonly hashes: ArrivalHashes;

  constructor(private readonly config: Extract<StorageConfig, { kind: 's3' }>) {
    const clientConfig = {
      region: config.region,
      endpoint: config.endpoint ?? undefined,
      forcePathStyle: config.forcePathStyle,
      credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
      requestChecksumCalculation: 'WHEN_REQUIRED' as const,
      responseChecksumValidation: 'WHEN_REQUIRED' as const,
    };
    // Parts of 8 MiB: what an upload holds on this instance's disk between PATCHes (tus writes
    // each part through a temporary file, never the whole upload to memory). No expiration tags:
    // the app's own job removes what is left after 24 hours.
    const { hashes, pace } = arrivals();
    this.hashes = hashes;
    const store = new AppS3Store({ partSize: 8 * 1024 * 1024, useTags: false, s3ClientConfig: { bucket: config.bucket, ...clientConfig } });
    this.datastore = instrumentWrites(store, (storeId) => storeId.slice(this.prefix.length), hashes, pace);
    this.client = new S3Client(clientConfig);
  }

  async list(): Promise<StagedUpload[]> {
    const uploads: StagedUpload[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.config.bucket, Prefix: this.prefix, ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        const key = object.Key ?? '';
        if (!key.endsWith('.info')) continue;
        const id = key.slice(this.prefix.length, -'.info'.length);
        if (!STAGED_ID_PATTERN.test(id)) continue;
        const info = await this.datastore.infoOf(`${this.prefix}${id}`).catch(() => null);
        if (info) uploads.push({ id, size: Number(info.size ?? 0), createdAt: metadataTime(info.metadata) });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return uploads;
  }

  async read(id: string): Promise<Readable> {
    return this.datastore.read(`${this.prefix}${id}`);
  }

  arrivedHash(id: string, size: number): string | null {
    return this.hashes.take(id, size);
  }

  async moveInto(id: string, storage: FileStorage, key: string, contentType: string): Promise<boolean> {
    return STAGED_ID_PATTERN.test(id) && storage.adopt(key, { bucket: this.config.bucket, key: `${this.prefix}${id}` }, { contentType });
  }

  async discard(id: string): Promise<void> {
    if (!STAGED_ID_PATTERN.test(id)) return;
    this.hashes.forget(id);
    await this.datastore.discard(`${this.prefix}${id}`);
  }

  close(): void {
    this.client.destroy();
  }
}

/** The staging area that goes with the app's storage. */
export function createStaging(storage: StorageConfig, stagingDir: string): Staging {
  return storage.kind === 's3' ? new S3Staging(storage) : new DiskStaging(stagingDir);
}
