import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { PassThrough, Readable } from 'node:stream';
import { MeasuringStream } from './hashing.ts';
import { checkStorageKey, StorageNotFound, type AdoptableSource, type ByteRange, type FileStorage, type StoredObject } from './types.ts';

export interface S3StorageConfig {
  bucket: string;
  /** Another S3-compatible service (MinIO, Ceph, R2 …); null = AWS itself. */
  endpoint: string | null;
  region: string;
  /** Both or neither; neither = the SDK's own chain (environment, instance role …). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** `https://host/bucket/key` rather than `https://bucket.host/key` (most self-hosted services). */
  forcePathStyle: boolean;
}

/** 5 MiB parts, one in flight: what an upload holds in memory, however large the file. */
const PART_SIZE = 5 * 1024 * 1024;

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/**
 * Objects in an S3-compatible bucket, for several instances behind one load balancer. Uploads of
 * unknown length go through lib-storage's multipart upload (one part in memory at a time); an
 * upload whose body fails is aborted, so no part is left behind. Checksums are sent only where
 * the protocol requires them, which every S3-compatible service understands.
 */
export class S3Storage implements FileStorage {
  private readonly client: S3Client;

  constructor(private readonly config: S3StorageConfig) {
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint ?? undefined,
      forcePathStyle: config.forcePathStyle,
      credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  get description(): string {
    return `s3 ${this.config.bucket}${this.config.endpoint ? ` at ${this.config.endpoint}` : ''}`;
  }

  async put(key: string, body: Readable, options: { contentType?: string } = {}): Promise<StoredObject> {
    const measure = new MeasuringStream();
    const piped = new PassThrough();
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.config.bucket, Key: checkStorageKey(key), Body: piped, ContentType: options.contentType ?? 'application/octet-stream' },
      partSize: PART_SIZE,
      queueSize: 1,
      leavePartsOnError: false,
    });
    // A failing body aborts the upload (its parts are deleted) and rejects put() with the body's error.
    let bodyError: unknown = null;
    const fail = (error: unknown) => {
      bodyError ??= error;
      void upload.abort().catch(() => {});
      piped.destroy(error as Error);
    };
    body.once('error', fail);
    measure.once('error', fail);
    body.pipe(measure).pipe(piped);
    try {
      await upload.done();
    } catch (error) {
      throw bodyError ?? error;
    }
    if (bodyError) throw bodyError;
    return { size: measure.size, sha256: measure.digest() };
  }

  /** One CopyObject inside the bucket (up to 5 GB, more than any file the app takes). */
  async adopt(key: string, source: AdoptableSource, options: { contentType?: string } = {}): Promise<boolean> {
    if (!('bucket' in source) || source.bucket !== this.config.bucket) return false;
    await this.client.send(
      new CopyObjectCommand({
        Bucket: this.config.bucket,
        Key: checkStorageKey(key),
        CopySource: `${this.config.bucket}/${source.key.split('/').map(encodeURIComponent).join('/')}`,
        ContentType: options.contentType ?? 'application/octet-stream',
        MetadataDirective: 'REPLACE',
      }),
    );
    return true;
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.config.bucket, Key: checkStorageKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      return answer.Body as Readable;
    } catch (error) {
      if (isMissing(error)) throw new StorageNotFound(key);
      throw error;
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: checkStorageKey(key) }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers a delete of a missing key with success already.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: checkStorageKey(key) }));
  }

  /** Closes the SDK's connection pool. */
  close(): void {
    this.client.destroy();
  }
}
