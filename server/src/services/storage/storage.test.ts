import { randomBytes } from 'node:crypto';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../test/s3.ts';
import { DiskStorage, S3Storage, newStorageKey, StorageNotFound, type FileStorage } from './index.ts';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A body that yields `chunks` and then fails, as a connection dropped mid-upload does. */
function failingBody(chunks: Buffer[]): Readable {
  let index = 0;
  return new Readable({
    read() {
      if (index < chunks.length) this.push(chunks[index++]);
      else this.destroy(new Error('connection reset'));
    },
  });
}

/** Yields `total` bytes in 64 KiB chunks without ever holding them together. */
function generated(total: number, seed: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) return this.push(null);
      const length = Math.min(65_536, total - sent);
      const chunk = Buffer.alloc(length, (sent / 65_536 + seed) % 251);
      sent += length;
      this.push(chunk);
    },
  });
}

let diskRoot: string;
let s3: TestS3;
const storages: Array<[string, () => FileStorage]> = [];

beforeAll(async () => {
  diskRoot = await mkdtemp(join(tmpdir(), 'atrium-storage-'));
  s3 = await startTestS3();
});
afterAll(async () => {
  await rm(diskRoot, { recursive: true, force: true });
  await s3?.close();
});

let disk: DiskStorage | undefined;
let bucket: S3Storage | undefined;
storages.push(['disk', () => (disk ??= new DiskStorage(diskRoot))]);
storages.push(['s3', () => (bucket ??= new S3Storage(s3.config))]);

describe.each(storages)('%s storage', (name, storageOf) => {
  it('streams an object in and out, with its size and SHA-256', async () => {
    const storage = storageOf();
    const key = newStorageKey('tests');
    const body = randomBytes(300_000);
    const stored = await storage.put(key, Readable.from([body.subarray(0, 100_000), body.subarray(100_000)]), { contentType: 'application/pdf' });
    expect(stored).toEqual({ size: body.length, sha256: createHash('sha256').update(body).digest('hex') });
    expect((await bytesOf(await storage.get(key))).equals(body)).toBe(true);
    expect(await storage.size(key)).toBe(body.length);
  });

  it('reads a byte range, both ends inclusive', async () => {
    const storage = storageOf();
    const key = newStorageKey('tests');
    await storage.put(key, Readable.from([Buffer.from('0123456789abcdef')]));
    expect(await text(await storage.get(key, { start: 3, end: 7 }))).toBe('34567');
    expect(await text(await storage.get(key, { start: 15, end: 15 }))).toBe('f');
    // A browser probes a video with `bytes=0-0`; s3rver reads an end of 0 as "to the end" (S3 does not).
    if (name === 'disk') expect(await text(await storage.get(key, { start: 0, end: 0 }))).toBe('0');
  });

  it('takes a file larger than one multipart part (12 MB) and gives back every byte', async () => {
    const storage = storageOf();
    const key = newStorageKey('tests');
    const total = 12 * 1024 * 1024 + 123;
    const stored = await storage.put(key, generated(total, 7));
    const expected = createHash('sha256');
    for await (const chunk of generated(total, 7)) expected.update(chunk as Buffer);
    expect(stored).toEqual({ size: total, sha256: expected.digest('hex') });
    const back = createHash('sha256');
    let length = 0;
    for await (const chunk of await storage.get(key)) {
      back.update(chunk as Buffer);
      length += (chunk as Buffer).length;
    }
    expect(length).toBe(total);
    expect(back.digest('hex')).toBe(stored.sha256);
  });

  it('leaves nothing behind when the body fails part-way', async () => {
    const storage = storageOf();
    const key = newStorageKey('tests');
    await expect(storage.put(key, failingBody([randomBytes(70_000), randomBytes(70_000)]))).rejects.toThrow('connection reset');
    expect(await storage.size(key)).toBeNull();
    await expect(storage.get(key)).rejects.toBeInstanceOf(StorageNotFound);
  });

  it('deletes an object, and deleting a missing one is no error', async () => {
    const storage = storageOf();
    const key = newStorageKey('tests');
    await storage.put(key, Readable.from([Buffer.from('gone soon')]));
    await storage.delete(key);
    expect(await storage.size(key)).toBeNull();
    await expect(storage.get(key)).rejects.toBeInstanceOf(StorageNotFound);
    await storage.delete(key);
    await storage.delete(newStorageKey('tests'));
  });

  it('adopts bytes already in its own place without streaming them, and refuses a source elsewhere', async () => {
    const storage = storageOf();
    const body = randomBytes(50_000);
    const key = newStorageKey('tests');
    let source: { file: string } | { bucket: string; key: string };
    let foreign: { file: string } | { bucket: string; key: string };
    if (name === 'disk') {
      const staged = join(diskRoot, `staged-${randomBytes(4).toString('hex')}`);
      await writeFile(staged, body);
      source = { file: staged };
      foreign = { bucket: s3.config.bucket, key: 'uploads/whatever' };
    } else {
      const stagedKey = newStorageKey('uploads');
      await storage.put(stagedKey, Readable.from([body]));
      source = { bucket: s3.config.bucket, key: stagedKey };
      foreign = { file: join(diskRoot, 'anything') };
    }
    expect(await storage.adopt(key, foreign)).toBe(false);
    expect(await storage.size(key)).toBeNull();
    expect(await storage.adopt(key, source, { contentType: 'video/mp4' })).toBe(true);
    expect((await bytesOf(await storage.get(key))).equals(body)).toBe(true);
    // On disk the file was renamed into place: the staged name is gone.
    if ('file' in source) await expect(stat(source.file)).rejects.toMatchObject({ code: 'ENOENT' });
    if (name === 's3') expect(await storage.adopt(key, { bucket: 'another-bucket', key: 'uploads/x' })).toBe(false);
  });

  it('refuses keys that could leave its place', async () => {
    const storage = storageOf();
    for (const key of ['../etc/passwd', '/abs', 'a/../../b', 'UPPER/case', '']) {
      await expect(storage.put(key, Readable.from([Buffer.from('x')]))).rejects.toThrow('Invalid storage key');
    }
  });
});

describe('disk storage on disk', () => {
  it('keeps no temporary file from a failed upload', async () => {
    const storage = new DiskStorage(diskRoot);
    const key = newStorageKey('failed');
    await expect(storage.put(key, failingBody([randomBytes(10_000)]))).rejects.toThrow();
    const folder = join(diskRoot, ...key.split('/').slice(0, -1));
    expect(await readdir(folder)).toEqual([]);
    // A body that fails at once can fail the write before its file is even opened: 300 tries, so
    // a cleanup that runs before the open (and leaves the file behind) shows.
    for (let attempt = 0; attempt < 300; attempt += 1) {
      const early = newStorageKey('failed');
      await expect(storage.put(early, failingBody([]))).rejects.toThrow();
      expect(await readdir(join(diskRoot, ...early.split('/').slice(0, -1)))).toEqual([]);
    }
  });
});
