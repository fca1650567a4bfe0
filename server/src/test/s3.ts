import { mkdtemp, rm } from 'node:fs/promises';
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
