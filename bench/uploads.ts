import { request } from 'node:http';
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { BenchContext } from './scenarios.ts';
import { ROOT } from './options.ts';
import { memoryOf } from './processes.ts';

export interface UploadsResult {
  uploads: number;
  mbEach: number;
  /** Uploads whose final PATCH answered 204 with an Upload-File-Id. */
  stored: number;
  failures: string[];
  seconds: number;
  /** All bytes sent, per second of the whole run (create to last answer). */
  mbPerSecond: number;
  rssBeforeMb: number;
  /** The highest VmRSS sampled every 100 ms while uploads were in flight. */
  rssPeakDuringMb: number;
  rssAfterMb: number;
  /** Whether the uploads were still in flight when `during` (the measured scenarios) ended. */
  overlapped: boolean;
}

const CHUNK = 1024 * 1024;
/** MiB per PATCH: the portal's tus chunk size (portal/src/scenes/Assignment/useUploads.ts). */
const PATCH_MB = 8;

/** One reusable 1 MiB chunk; the first one starts with an MP4 `ftyp` box so the bytes sniff as video. */
function chunks(): { first: Buffer; rest: Buffer } {
  const rest = Buffer.alloc(CHUNK);
  for (let offset = 0; offset < CHUNK; offset += 4) rest.writeUInt32BE((offset * 2654435761) >>> 0, offset);
  const first = Buffer.from(rest);
  Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32, 0, 0, 0, 0, 0x6d, 0x70, 0x34, 0x32, 0x69, 0x73, 0x6f, 0x6d]).copy(first, 0);
  return { first, rest };
}

const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

/**
 * Sends `mb` MiB to a new tus upload, 8 MiB per PATCH, each written chunk by chunk with
 * backpressure (the bench holds one 1 MiB buffer, not the file). Resolves with the final
 * answer's status and file id.
 */
async function uploadOne(
  base: string,
  cookie: string,
  assignmentId: number,
  mb: number,
  index: number,
): Promise<{ status: number; fileId: string | null; text: string }> {
  const size = mb * CHUNK;
  const created = await fetch(`${base}/api/uploads`, {
    method: 'POST',
    headers: {
      cookie,
      'tus-resumable': '1.0.0',
      'upload-length': String(size),
      'upload-metadata': metadata({ assignmentId: String(assignmentId), filename: `bench-${index}.mp4`, filetype: 'video/mp4' }),
    },
  });
  const createdText = await created.text();
  const location = created.headers.get('location');
  if (created.status !== 201 || !location) return { status: created.status, fileId: null, text: createdText };
  const { first, rest } = chunks();
  const url = new URL(location, base);
  // PATCHes of 8 MiB, one after another, as the portal's tus-js-client sends them (its chunkSize).
  let answer = { status: 0, fileId: null as string | null, text: '' };
  for (let offset = 0; offset < mb; offset += PATCH_MB) {
    const count = Math.min(PATCH_MB, mb - offset);
    answer = await patchOnce(url, cookie, offset, count, offset === 0 ? first : rest, rest);
    if (answer.status !== 204) return answer;
  }
  return answer;
}

/** One PATCH of `count` MiB from `offset` MiB, written chunk by chunk with backpressure. */
function patchOnce(
  url: URL,
  cookie: string,
  offset: number,
  count: number,
  firstChunk: Buffer,
  rest: Buffer,
): Promise<{ status: number; fileId: string | null; text: string }> {
  return new Promise((done, fail) => {
    const req = request(url, {
      method: 'PATCH',
      headers: {
        cookie,
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset * CHUNK),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(count * CHUNK),
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (part: string) => (text += part));
      res.on('end', () => done({ status: res.statusCode ?? 0, fileId: (res.headers['upload-file-id'] as string | undefined) ?? null, text }));
    });
    req.on('error', fail);
    let sent = 0;
    const pump = () => {
      while (sent < count) {
        const ok = req.write(sent === 0 ? firstChunk : rest);
        sent += 1;
        if (!ok) {
          req.once('drain', pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
}

/**
 * `count` learners of the pool each upload an `mb` MiB video to an assignment of one of their
 * courses at once, while `during` runs the measured scenarios (the dashboard and progress). The
 * server's RSS is read before, every 100 ms while the uploads run, and after: streamed uploads
 * keep it flat whatever their size. The assignments, submissions and stored files it made are
 * removed afterwards (rows and objects), so the bench database stays as seeded.
 */
export async function uploadsUnderLoad(
  ctx: BenchContext,
  serverPid: number,
  options: { count: number; mb: number },
  during: () => Promise<void>,
): Promise<UploadsResult> {
  if (!(await ctx.db.schema.hasTable('assignments'))) throw new Error('uploads: the bench database has no assignments table (migration 031)');
  const uploaders = ctx.users.filter((user) => user.courseIds.length).slice(0, options.count);
  if (uploaders.length < options.count) throw new Error(`uploads: ${options.count} uploaders needed, ${uploaders.length} signed in with a course`);
  const now = Date.now();
  const assignmentOf = new Map<number, number>();
  for (const user of uploaders) {
    const courseId = user.courseIds[0]!;
    if (assignmentOf.has(courseId)) continue;
    const [id] = await ctx.db('assignments').insert({
      courseId,
      afterModuleId: null,
      title: 'Bench: film a lesson',
      instructions: 'Bench upload',
      accepts: JSON.stringify(['video']),
      maxFiles: 20,
      approvalRequired: true,
      createdAt: now,
      updatedAt: now,
    });
    assignmentOf.set(courseId, Number(id));
  }
  const assignmentIds = [...assignmentOf.values()];
  const rssBeforeMb = memoryOf(serverPid)?.rssMb ?? NaN;
  let rssPeakDuringMb = rssBeforeMb;
  let uploading = true;
  const sampler = setInterval(() => {
    const rss = memoryOf(serverPid)?.rssMb;
    if (uploading && rss !== undefined && rss > rssPeakDuringMb) rssPeakDuringMb = rss;
  }, 100);
  const started = performance.now();
  const running = Promise.all(
    uploaders.map((user, index) =>
      uploadOne(ctx.base, user.cookie, assignmentOf.get(user.courseIds[0]!)!, options.mb, index).catch((error: unknown) => ({
        status: 0,
        fileId: null,
        text: String(error),
      })),
    ),
  ).finally(() => {
    uploading = false;
  });
  try {
    await during();
    const overlapped = uploading;
    const answers = await running;
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const failures = answers.filter((answer) => answer.status !== 204 || !answer.fileId).map((answer) => `${answer.status} ${answer.text.trim()}`);
    return {
      uploads: options.count,
      mbEach: options.mb,
      stored: answers.length - failures.length,
      failures,
      seconds,
      mbPerSecond: (options.count * options.mb) / seconds,
      rssBeforeMb,
      rssPeakDuringMb,
      rssAfterMb: memoryOf(serverPid)?.rssMb ?? NaN,
      overlapped,
    };
  } finally {
    clearInterval(sampler);
    await running.catch(() => undefined);
    const submissionIds = (await ctx.db('submissions').whereIn('assignmentId', assignmentIds).select('id')).map((row: { id: number }) => row.id);
    const fileIds = (await ctx.db('submissionFiles').whereIn('submissionId', submissionIds).select('fileId')).map((row: { fileId: number }) => row.fileId);
    await ctx.db('submissionFiles').whereIn('submissionId', submissionIds).delete();
    await ctx.db('storedFiles').whereIn('id', fileIds).delete();
    if (await ctx.db.schema.hasTable('assignment_results')) await ctx.db('assignmentResults').whereIn('assignmentId', assignmentIds).delete();
    await ctx.db('submissions').whereIn('id', submissionIds).delete();
    await ctx.db('assignments').whereIn('id', assignmentIds).delete();
    await rm(resolve(ROOT, 'data/bench/files/submissions'), { recursive: true, force: true });
  }
}
