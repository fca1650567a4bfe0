import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { Upload } from '@tus/utils';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SUBMISSION_FILE_LIMITS } from '@atrium/common';
import type { TestClient } from '../../../test/client.ts';
import { createAdmin, createCourse, createUser, enroll, signIn, type UserRow } from '../../../test/factories.ts';
import { insertAssignmentRow } from '../../../test/assignments.ts';
import { pdfBytes, svgBytes } from '../../../test/files.ts';
import { startTestS3, type TestS3 } from '../../../test/s3.ts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { Scheduler } from '../../../scheduler/scheduler.ts';
import { housekeepingJobs } from '../../../reminders/jobs.ts';

const TUS = { 'tus-resumable': '1.0.0' };
const MB = 1024 * 1024;

const metadataHeader = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A JPEG as a phone writes it: EXIF camera make, GPS position and orientation 6 (turned 90° clockwise to show). */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0392b' } })
    .withExif({
      IFD0: { Make: 'Atrium Phone', Model: 'Model X', Artist: 'Jo Teacher' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 2630/100', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 3920/100' },
    })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

/** A real 1×1 PNG whose header is rewritten to claim 20,000 × 20,000 pixels (a decompression bomb). */
async function bombPng(): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
      .png()
      .toBuffer(),
  );
  // IHDR: length (4) at 8, type at 12, width at 16, height at 20, CRC over type + data after 13 data bytes.
  png.writeUInt32BE(20_000, 16);
  png.writeUInt32BE(20_000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** Random bytes that sniff as an MP4 video (an `ftyp` box first). */
function videoBytes(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let offset = 0; offset < size; offset += 4096) bytes.writeUInt32BE((offset * 2654435761) >>> 0, offset);
  Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32, 0, 0, 0, 0, 0x6d, 0x70, 0x34, 0x32, 0x69, 0x73, 0x6f, 0x6d]).copy(bytes, 0);
  return bytes;
}

function uploadSuite(storage: 'disk' | 's3') {
  describe(`resumable uploads (${storage} storage)`, () => {
    let s3: TestS3 | undefined;
    let server: TestServer;
    let learner: TestClient;
    let learnerUser: UserRow;
    let courseId: number;

    const createAssignment = (fields: { accepts?: string[]; maxFiles?: number; courseId?: number } = {}) =>
      insertAssignmentRow(server.db, fields.courseId ?? courseId, {
        accepts: JSON.stringify(fields.accepts ?? ['image', 'video', 'pdf']),
        maxFiles: fields.maxFiles ?? 5,
      });

    function create(client: TestClient, assignmentId: number, length: number, filename: string, filetype: string, headers: Record<string, string> = {}) {
      return client.request('POST', '/api/uploads', {
        headers: {
          ...TUS,
          'upload-length': String(length),
          'upload-metadata': metadataHeader({ assignmentId: String(assignmentId), filename, filetype }),
          ...headers,
        },
      });
    }

    function patch(client: TestClient, location: string, offset: number, bytes: Buffer) {
      return client.request('PATCH', location, {
        headers: { ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
        raw: new Uint8Array(bytes),
      });
    }

    /** The upload at `location` is unknown to `client`: it can neither read, continue nor cancel it. */
    async function expectUnknownTo(client: TestClient, location: string) {
      expect((await client.request('HEAD', location, { headers: TUS })).status).toBe(404);
      expect((await patch(client, location, 0, pdfBytes().subarray(0, 100))).status).toBe(404);
      expect((await client.request('DELETE', location, { headers: TUS })).status).toBe(404);
    }

    /** Creates and sends a whole file in one PATCH: the final answer. */
    async function upload(client: TestClient, assignmentId: number, bytes: Buffer, filename: string, filetype: string) {
      const created = await create(client, assignmentId, bytes.length, filename, filetype);
      expect(created.status, created.text).toBe(201);
      return patch(client, created.headers.get('location')!, 0, bytes);
    }

    async function storedFileOf(fileId: number) {
      const row = await server
        .db('submissionFiles')
        .join('storedFiles', 'storedFiles.id', 'submissionFiles.fileId')
        .where('submissionFiles.id', fileId)
        .first();
      if (!row) throw new Error(`no submission file ${fileId}`);
      const stream = await server.app.deps.storage.get(row.storageKey);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return { row, bytes: Buffer.concat(chunks) };
    }

    const staged = () => server.app.deps.uploads.staging.list();

    beforeAll(async () => {
      s3 = storage === 's3' ? await startTestS3() : undefined;
      server = await createTestServer(s3?.env ?? {});
      learnerUser = await createUser(server.db, { emailVerifiedAt: Date.now() });
      learner = server.client();
      await signIn(learner, learnerUser);
      courseId = (await createCourse(server)).id;
      await enroll(server.db, learnerUser.id, courseId);
    });
    afterAll(async () => {
      await server?.close();
      await s3?.close();
    });

    it('resumes an interrupted upload from the offset HEAD reports, and answers Upload-File-Id', async () => {
      const assignmentId = await createAssignment();
      const bytes = videoBytes(storage === 's3' ? 12 * MB : 3 * MB);
      const created = await create(learner, assignmentId, bytes.length, 'assembly.mp4', 'video/mp4');
      expect(created.status).toBe(201);
      const location = created.headers.get('location')!;
      expect(location).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/);
      expect((await server.db('uploads').where({ userId: learnerUser.id }).select('size')).map((row) => Number(row.size))).toEqual([bytes.length]);

      // The connection drops part-way through the first PATCH.
      const sent = storage === 's3' ? 9 * MB : 2 * MB;
      const aborter = new AbortController();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let offset = 0; offset < sent; offset += 256 * 1024)
            controller.enqueue(new Uint8Array(bytes.subarray(offset, Math.min(offset + 256 * 1024, sent))));
        },
        pull: () => new Promise(() => {}),
      });
      const dropped = fetch(server.url + location, {
        method: 'PATCH',
        headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', cookie: learner.cookieHeader },
        body,
        duplex: 'half',
        signal: aborter.signal,
      } as RequestInit).catch(() => null);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      aborter.abort();
      await dropped;

      // The server keeps what arrived (with S3, the whole 8 MiB parts); HEAD says where to go on.
      let offset = 0;
      await expect
        .poll(
          async () => {
            const head = await learner.request('HEAD', location, { headers: TUS });
            offset = Number(head.headers.get('upload-offset'));
            return head.status === 200 && offset > 0;
          },
          { timeout: 60_000, interval: 250 },
        )
        .toBe(true);
      expect(offset).toBeLessThanOrEqual(sent);
      const finished = await patch(learner, location, offset, bytes.subarray(offset));
      expect(finished.status, finished.text).toBe(204);
      const fileId = Number(finished.headers.get('upload-file-id'));
      expect(fileId).toBeGreaterThan(0);

      const { row, bytes: stored } = await storedFileOf(fileId);
      expect(row).toMatchObject({ kind: 'video', contentType: 'video/mp4', size: bytes.length, sha256: sha256(bytes), originalName: 'assembly.mp4' });
      expect(row.storageKey).toMatch(/^submissions\//);
      expect(sha256(stored)).toBe(sha256(bytes));
      // The staging copy is gone once the file is stored.
      expect((await learner.request('HEAD', location, { headers: TUS })).status).toBe(404);
      expect(await staged()).toEqual([]);
    });

    it('moves a finished video into storage, hashed as it arrived: its bytes are not streamed again', async () => {
      const assignmentId = await createAssignment();
      const bytes = videoBytes(storage === 's3' ? 10 * MB : 3 * MB);
      const created = await create(learner, assignmentId, bytes.length, 'drama.mp4', 'video/mp4');
      const location = created.headers.get('location')!;
      const half = storage === 's3' ? 8 * MB : MB + 17;
      expect((await patch(learner, location, 0, bytes.subarray(0, half))).status).toBe(204);
      const { storage: files } = server.app.deps;
      const put = vi.spyOn(files, 'put');
      const get = vi.spyOn(files, 'get');
      try {
        const finished = await patch(learner, location, half, bytes.subarray(half));
        expect(finished.status, finished.text).toBe(204);
        expect(put).not.toHaveBeenCalled();
        expect(get).not.toHaveBeenCalled();
        const { row, bytes: stored } = await storedFileOf(Number(finished.headers.get('upload-file-id')));
        expect(row).toMatchObject({ kind: 'video', contentType: 'video/mp4', size: bytes.length, sha256: sha256(bytes) });
        expect(stored.equals(bytes)).toBe(true);
        expect(await staged()).toEqual([]);
      } finally {
        put.mockRestore();
        get.mockRestore();
      }
    });

    it('refuses a HEIC photo with a 422 that asks for it as a JPEG, storing nothing', async () => {
      // An ISO-BMFF `ftyp` box with the `heic` brand: what an iPhone's original photo starts with.
      const heic = Buffer.alloc(4096);
      Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x68, 0x65, 0x69, 0x63, 0, 0, 0, 0, 0x6d, 0x69, 0x66, 0x31, 0x68, 0x65, 0x69, 0x63]).copy(heic, 0);
      const assignmentId = await createAssignment({ accepts: ['image'] });
      const before = await server.db('storedFiles').count({ count: '*' }).first();
      const finished = await upload(learner, assignmentId, heic, 'IMG_0042.HEIC', 'image/heic');
      expect(finished.status).toBe(422);
      expect(finished.text).toContain('Choose it again as a JPEG');
      expect(await server.db('storedFiles').count({ count: '*' }).first()).toEqual(before);
      expect(await staged()).toEqual([]);
    });

    it('strips GPS, camera and owner EXIF from a photo and turns it upright', async () => {
      const photo = await phonePhoto();
      const before = await sharp(photo).metadata();
      expect(before.exif?.includes(Buffer.from('Atrium Phone'))).toBe(true);
      expect(before.orientation).toBe(6);
      const assignmentId = await createAssignment({ accepts: ['image'] });
      const finished = await upload(learner, assignmentId, photo, 'event.jpg', 'image/jpeg');
      expect(finished.status, finished.text).toBe(204);
      const { row, bytes } = await storedFileOf(Number(finished.headers.get('upload-file-id')));
      const after = await sharp(bytes).metadata();
      expect([after.format, after.exif, after.xmp, after.iptc, after.icc, after.orientation]).toEqual([
        'jpeg',
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
      expect(bytes.includes(Buffer.from('Atrium Phone'))).toBe(false);
      expect(bytes.includes(Buffer.from('Jo Teacher'))).toBe(false);
      // Orientation 6 applied: the 64×48 landscape pixels are shown as a 48×64 portrait.
      expect([after.width, after.height]).toEqual([48, 64]);
      expect(row).toMatchObject({ kind: 'image', contentType: 'image/jpeg', size: bytes.length, sha256: sha256(bytes) });
    });

    it('refuses by the bytes: HTML named .jpg, an SVG, a PDF declared as an image, a 400-megapixel PNG — nothing stored', async () => {
      const assignmentId = await createAssignment({ accepts: ['image', 'pdf'] });
      const files = await server.db('storedFiles').count({ n: '*' }).first();
      const html = await upload(learner, assignmentId, Buffer.from('<!doctype html><html><script>alert(1)</script></html>'), 'photo.jpg', 'image/jpeg');
      expect([html.status, html.headers.get('tus-resumable')]).toEqual([415, '1.0.0']);
      expect(html.text).toMatch(/not a photo, recording, video or PDF/);
      const svg = await upload(learner, assignmentId, svgBytes(), 'logo.svg', 'image/svg+xml');
      expect(svg.status).toBe(415);
      const pdf = await upload(learner, assignmentId, pdfBytes(), 'scan.jpg', 'image/jpeg');
      expect(pdf.status).toBe(422);
      expect(pdf.text).toMatch(/contents are a PDF, but it was sent as a photo/);
      const bomb = await upload(learner, assignmentId, await bombPng(), 'huge.png', 'image/png');
      expect([bomb.status, bomb.text]).toEqual([
        422,
        'This image could not be read: it may be damaged, or larger than 60 megapixels. Export it again and retry.\n',
      ]);
      expect(await server.db('storedFiles').count({ n: '*' }).first()).toEqual(files);
      expect(await staged()).toEqual([]);
    });

    it('refuses at creation: too large for the kind, a kind not accepted, a full draft, no access — nothing staged', async () => {
      const assignmentId = await createAssignment({ accepts: ['image'], maxFiles: 1 });
      const tooLarge = await create(learner, assignmentId, SUBMISSION_FILE_LIMITS.image + 1, 'huge.jpg', 'image/jpeg');
      expect([tooLarge.status, tooLarge.text]).toEqual([413, 'Photos may be at most 25 MB\n']);
      const video = await create(learner, assignmentId, 1000, 'clip.mp4', 'video/mp4');
      expect([video.status, video.text]).toEqual([415, 'This assignment does not accept videos\n']);
      expect((await upload(learner, assignmentId, await phonePhoto(), 'one.jpg', 'image/jpeg')).status).toBe(204);
      const full = await create(learner, assignmentId, 1000, 'two.jpg', 'image/jpeg');
      expect([full.status, full.text]).toEqual([409, 'This assignment takes at most 1 file; remove one first\n']);

      const otherCourse = await createCourse(server);
      const notMine = await createAssignment({ courseId: otherCourse.id });
      expect((await create(learner, notMine, 1000, 'a.jpg', 'image/jpeg')).status).toBe(403);
      expect((await create(learner, 999_999, 1000, 'a.jpg', 'image/jpeg')).status).toBe(404);
      expect(await staged()).toEqual([]);
    });

    it('caps the unfinished uploads one account may have at 2 GB', async () => {
      const assignmentId = await createAssignment({ accepts: ['video'] });
      const first = await create(learner, assignmentId, SUBMISSION_FILE_LIMITS.video, 'a.mp4', 'video/mp4');
      expect(first.status).toBe(201);
      expect((await create(learner, assignmentId, SUBMISSION_FILE_LIMITS.video, 'b.mp4', 'video/mp4')).status).toBe(201);
      const third = await create(learner, assignmentId, 10, 'c.mp4', 'video/mp4');
      expect(third.status).toBe(413);
      expect(third.text).toMatch(/2 GB of unfinished uploads/);
      for (const upload of await staged()) expect((await learner.request('DELETE', `/api/uploads/${upload.id}`, { headers: TUS })).status).toBe(204);
      expect(await staged()).toEqual([]);
    });

    it('refuses the 41st unfinished upload for what it is: too many unfinished uploads, not their size', async () => {
      const assignmentId = await createAssignment({ accepts: ['pdf'] });
      for (let count = 0; count < 40; count += 1) expect((await create(learner, assignmentId, 100, `${count}.pdf`, 'application/pdf')).status).toBe(201);
      const refused = await create(learner, assignmentId, 100, '41.pdf', 'application/pdf');
      expect([refused.status, refused.text]).toEqual([
        413,
        'You have 40 unfinished uploads, the most one account may have: let them finish or cancel some first\n',
      ]);
      for (const upload of await staged()) expect((await learner.request('DELETE', `/api/uploads/${upload.id}`, { headers: TUS })).status).toBe(204);
      expect(await staged()).toEqual([]);
    });

    it('answers OPTIONS with the tus version, extensions and largest size it takes', async () => {
      const options = await server.client().request('OPTIONS', '/api/uploads');
      expect(options.status).toBe(204);
      expect({
        resumable: options.headers.get('tus-resumable'),
        version: options.headers.get('tus-version'),
        extension: options.headers.get('tus-extension'),
        maxSize: options.headers.get('tus-max-size'),
      }).toEqual({
        resumable: '1.0.0',
        version: '1.0.0',
        extension: 'creation,termination',
        maxSize: String(Math.max(...Object.values(SUBMISSION_FILE_LIMITS))),
      });
    });

    it('hands an upload only to the account that created it as the database says: a fresh database over the same staging hands it to no one', async () => {
      const assignmentId = await createAssignment();
      const created = await create(learner, assignmentId, 2000, 'a.pdf', 'application/pdf');
      const location = created.headers.get('location')!;
      expect((await patch(learner, location, 0, pdfBytes().subarray(0, 50))).status).toBe(204);
      // Another app over the same staged bytes with a database of its own (restored or new):
      // the person who gets the creator's id there gets nothing, nor does anyone else.
      const fresh = await createTestServer({ ...(s3?.env ?? {}), UPLOAD_STAGING_DIR: server.config.uploadStagingDir });
      try {
        // The creator's id given outright: counting up to it would miss on an auto-increment gap.
        const namesake = await createUser(fresh.db, { id: learnerUser.id });
        expect(namesake.id).toBe(learnerUser.id);
        const client = fresh.client();
        await signIn(client, namesake);
        const admin = fresh.client();
        await signIn(admin, await createAdmin(fresh.db));
        for (const caller of [client, admin]) await expectUnknownTo(caller, location);
      } finally {
        await fresh.close();
      }
      // Still the creator's where it was made.
      const head = await learner.request('HEAD', location, { headers: TUS });
      expect([head.status, head.headers.get('upload-offset')]).toEqual([200, '50']);
      expect((await learner.request('DELETE', location, { headers: TUS })).status).toBe(204);
      expect(Number((await server.db('uploads').count({ n: '*' }).first())?.n)).toBe(0);
    });

    it("answers 404 for another user's upload (admins too), 401 signed out, 403 from another site", async () => {
      const assignmentId = await createAssignment();
      const created = await create(learner, assignmentId, 100, 'a.pdf', 'application/pdf');
      const location = created.headers.get('location')!;
      const other = server.client();
      const otherUser = await createUser(server.db);
      await enroll(server.db, otherUser.id, courseId);
      await signIn(other, otherUser);
      const admin = server.client();
      await signIn(admin, await createAdmin(server.db));
      for (const client of [other, admin]) await expectUnknownTo(client, location);
      expect((await other.request('HEAD', '/api/uploads/not-an-id', { headers: TUS })).status).toBe(404);
      const anonymous = server.client();
      expect((await create(anonymous, assignmentId, 100, 'a.pdf', 'application/pdf')).status).toBe(401);
      expect((await anonymous.request('HEAD', location, { headers: TUS })).status).toBe(401);
      expect((await create(learner, assignmentId, 100, 'a.pdf', 'application/pdf', { origin: 'https://evil.example' })).status).toBe(403);
      // Still the creator's, untouched.
      const head = await learner.request('HEAD', location, { headers: TUS });
      expect([head.status, head.headers.get('upload-offset')]).toEqual([200, '0']);
      expect((await learner.request('DELETE', location, { headers: TUS })).status).toBe(204);
    });

    it('removes unfinished uploads 24 hours after they were created, by the app clock', async () => {
      const assignmentId = await createAssignment();
      const old = await create(learner, assignmentId, 2000, 'old.pdf', 'application/pdf');
      await patch(learner, old.headers.get('location')!, 0, pdfBytes().subarray(0, 50));
      server.clock.advance(20 * 60 * 60_000);
      const recent = await create(learner, assignmentId, 2000, 'recent.pdf', 'application/pdf');
      server.clock.advance(4 * 60 * 60_000 + 1);
      // Staged bytes that no row names (left by a database since replaced): nobody's, removed at once.
      const { staging } = server.app.deps.uploads;
      await staging.datastore.create(
        new Upload({ id: `${staging.prefix}${'ab'.repeat(16)}`, size: 10, offset: 0, metadata: { createdAt: String(Date.now()) } }),
      );
      const scheduler = new Scheduler(server.app.deps, housekeepingJobs());
      expect(await scheduler.runNow('upload-cleanup')).toEqual({ outcome: 'ran', sent: 2 });
      expect((await learner.request('HEAD', old.headers.get('location')!, { headers: TUS })).status).toBe(404);
      expect((await learner.request('HEAD', recent.headers.get('location')!, { headers: TUS })).status).toBe(200);
      expect((await staged()).map((upload) => upload.id)).toEqual([recent.headers.get('location')!.split('/').pop()]);
      await learner.request('DELETE', recent.headers.get('location')!, { headers: TUS });
    });
  });
}

uploadSuite('disk');
uploadSuite('s3');
