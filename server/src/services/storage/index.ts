import { DiskStorage } from './disk.ts';
import { S3Storage, type S3StorageConfig } from './s3.ts';
import type { FileStorage } from './types.ts';

export type StorageConfig = { kind: 'disk'; dir: string } | ({ kind: 's3' } & S3StorageConfig);

/** The storage the configuration names: S3 when `S3_BUCKET` is set, the disk folder otherwise. */
export function createStorage(config: StorageConfig): FileStorage {
  return config.kind === 's3' ? new S3Storage(config) : new DiskStorage(config.dir);
}

export { DiskStorage } from './disk.ts';
export { S3Storage, type S3StorageConfig } from './s3.ts';
export { newStorageKey } from './keys.ts';
export { receiveFile, type ReceivedFile, type ReceivedUpload, type ReceiveFileOptions } from './multipart.ts';
export { StorageNotFound, type ByteRange, type FileStorage, type StoredObject } from './types.ts';
