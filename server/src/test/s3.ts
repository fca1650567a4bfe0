import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3StorageConfig } from '../services/storage/index.ts';

export interface TestS3 {
  /** The storage settings that reach it (path-style, its fixed credentials). */
  config: S3StorageConfig;
  /** The same as environment variables, for an app under test. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** An S3-protocol server (s3rver) on a loopback port with one empty bucket, its files in a temporary folder. */
export async function startTestS3(bucket = 'atrium-test'): Promise<TestS3> {
  const directory = await mkdtemp(join(tmpdir(), 'atrium-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  // s3rver keeps multipart uploads but lacks ListParts and AbortMultipartUpload, which tus's S3
  // store uses to resume an upload and to cancel one: answered here from s3rver's own part files.
  (server as unknown as { middleware: unknown[] }).middleware.splice(2, 0, multipartCompletion(directory));
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    config: { bucket, endpoint, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true },
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

type KoaLike = { method: string; path: string; query: Record<string, unknown>; status: number; body: unknown };

function multipartCompletion(directory: string) {
  return async (ctx: KoaLike, next: () => Promise<void>) => {
    const uploadId = typeof ctx.query.uploadId === 'string' ? ctx.query.uploadId : null;
    const [, bucket, ...key] = ctx.path.split('/');
    if (!uploadId || !/^[0-9a-f]+$/.test(uploadId) || !bucket || !key.length || ctx.query.partNumber !== undefined) return next();
    const uploadDir = join(directory, bucket, '._S3rver_uploads', uploadId);
    const exists = await stat(uploadDir).then(
      () => true,
      () => false,
    );
    if (ctx.method === 'DELETE') {
      await rm(uploadDir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    if (ctx.method !== 'GET') return next();
    if (!exists) {
      ctx.status = 404;
      ctx.body = { Error: { Code: 'NoSuchUpload', Message: 'The specified upload does not exist.' } };
      return;
    }
    const numbers = (await readdir(uploadDir))
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .sort((a, b) => a - b);
    const parts = [];
    for (const number of numbers) {
      const path = join(uploadDir, String(number));
      parts.push({ PartNumber: number, ETag: `"${(await readFile(`${path}.md5`, 'utf8')).trim()}"`, Size: (await stat(path)).size });
    }
    ctx.status = 200;
    ctx.body = { ListPartsResult: { Bucket: bucket, Key: decodeURIComponent(key.join('/')), UploadId: uploadId, IsTruncated: false, Part: parts } };
  };
}
