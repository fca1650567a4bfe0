import busboy from 'busboy';
import {
  ONEROSTER_MAX_UPLOAD_BYTES,
  oneRosterPreviewDtoSchema,
  oneRosterResultDtoSchema,
  schoolParams,
  trustParams,
  type OneRosterCountsDto,
  type OneRosterPreviewDto,
  type OneRosterResultDto,
} from '@atrium/common';
import type { IncomingMessage } from 'node:http';
import { applyOneRoster, planOneRoster } from '../../commands/directory/oneroster.ts';
import { parseOneRosterBundle, type UploadedFile } from '../../commands/directory/onerosterBundle.ts';
import type { AppContext } from '../../context.ts';
import { badRequest, HttpError, unsupportedMediaType } from '../../errors.ts';
import { schoolManager } from '../../policies/schools.ts';
import { trustManager } from '../../policies/trusts.ts';
import { oneRosterStanding, type DirectoryOwner } from '../../queries/directory.ts';
import type { Routes } from '../define.ts';

const TOO_LARGE = `A OneRoster upload can be at most ${ONEROSTER_MAX_UPLOAD_BYTES / 1024 / 1024} MB: zip the CSV files, or export fewer schools.`;
const MAX_FILES = 4;

/**
 * The bundle's files from a multipart/form-data request (field `files`, one to four files: a zip,
 * or orgs.csv, users.csv and roles.csv), kept in memory and cut off at the size limit. Read by the
 * handler, after the policy, so nobody else's upload is ever read.
 */
async function receiveBundle(ctx: AppContext): Promise<UploadedFile[]> {
  if (!ctx.is('multipart/form-data')) throw unsupportedMediaType('Upload the OneRoster bundle as multipart/form-data (field "files")');
  const req: IncomingMessage = ctx.req;
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > ONEROSTER_MAX_UPLOAD_BYTES + 64 * 1024) {
    throw new HttpError(413, 'file_too_large', TOO_LARGE, { files: TOO_LARGE }, { Connection: 'close' });
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      defParamCharset: 'utf8',
      limits: { files: MAX_FILES, fileSize: ONEROSTER_MAX_UPLOAD_BYTES + 1, fields: 5, parts: MAX_FILES + 5 },
    });
  } catch {
    throw badRequest('Send the bundle as multipart/form-data', { files: 'Choose the bundle' });
  }
  const files: UploadedFile[] = [];
  let total = 0;
  await new Promise<void>((resolve, reject) => {
    parser.on('file', (name, stream, info) => {
      if (name !== 'files') {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (total > ONEROSTER_MAX_UPLOAD_BYTES) {
          stream.destroy();
          reject(new HttpError(413, 'file_too_large', TOO_LARGE, { files: TOO_LARGE }, { Connection: 'close' }));
          return;
        }
        chunks.push(chunk);
      });
      stream.on('limit', () => reject(new HttpError(413, 'file_too_large', TOO_LARGE, { files: TOO_LARGE }, { Connection: 'close' })));
      stream.on('end', () => files.push({ name: info.filename ?? '', bytes: new Uint8Array(Buffer.concat(chunks)) }));
    });
    parser.on('filesLimit', () =>
      reject(badRequest(`Send at most ${MAX_FILES} files: a zip, or orgs.csv and users.csv (and roles.csv).`, { files: 'Too many files' })),
    );
    parser.on('partsLimit', () => reject(badRequest('The form has too many fields')));
    parser.on('error', () => reject(badRequest('The upload could not be read. Choose the files again.', { files: 'Choose the files again' })));
    parser.on('close', () => resolve());
    req.on('aborted', () => reject(badRequest('The upload was interrupted. Try again.', { files: 'The upload was interrupted' })));
    req.pipe(parser);
  }).catch((error: unknown) => {
    req.unpipe(parser);
    throw error;
  });
  return files;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

/** The sentence the panel shows once a bundle is applied. */
export function oneRosterMessage(counts: OneRosterCountsDto): string {
  const parts = [
    counts.join && `${plural(counts.join, 'person', 'people')} joined`,
    counts.invite && `${plural(counts.invite, 'invitation', 'invitations')} sent`,
    counts.change && `${plural(counts.change, 'person', 'people')} changed`,
    counts.leave && `${plural(counts.leave, 'leaver', 'leavers')} suspended`,
    counts.error && `${plural(counts.error, 'row', 'rows')} with errors skipped`,
  ].filter(Boolean);
  return parts.length ? `${parts.join(', ')}.` : 'Nothing to change: the staff list already matches the bundle.';
}

interface Mount {
  kind: DirectoryOwner['kind'];
  base: string;
  policy: typeof schoolManager;
}

function mount(routes: Routes, { kind, base, policy }: Mount): void {
  const params = kind === 'school' ? schoolParams : trustParams;
  routes.add({
    method: 'post',
    path: `${base}/oneroster/preview`,
    access: 'user',
    params,
    rateLimit: { limit: 'roster', by: 'user' },
    policy,
    cache: 'no-store',
    answer: { body: oneRosterPreviewDtoSchema },
    async handler(ctx) {
      const bundle = parseOneRosterBundle(await receiveBundle(ctx));
      const owner = { kind, id: ctx.input.params.id };
      const { orgs, rows, counts } = planOneRoster(owner, bundle, await oneRosterStanding(ctx.deps.db, owner, bundle.users, ctx.now()));
      ctx.body = { orgs, rows, counts } satisfies OneRosterPreviewDto;
    },
  });
  routes.add({
    method: 'post',
    path: `${base}/oneroster`,
    access: 'user',
    params,
    rateLimit: { limit: 'roster', by: 'user' },
    policy,
    cache: 'no-store',
    answer: { body: oneRosterResultDtoSchema },
    async handler(ctx) {
      const bundle = parseOneRosterBundle(await receiveBundle(ctx));
      const { db, config } = ctx.deps;
      const owner: DirectoryOwner = { kind, id: ctx.input.params.id };
      const counts = await applyOneRoster(
        db,
        { brand: config, now: ctx.now(), dailyCap: config.inviteMailDailyCap },
        { tokenId: 0, owner, createdBy: ctx.state.user.id },
        bundle,
      );
      ctx.state.log.info({ owner, by: ctx.state.user.id, ...counts }, 'oneroster bundle applied');
      ctx.body = { counts, message: oneRosterMessage(counts) } satisfies OneRosterResultDto;
    },
  });
}

/** OneRoster 1.2 CSV bundles on /school (its managers) and /trust (its managers, every school of it). */
export function oneRosterRoutes(routes: Routes): void {
  // Applying may send invitations: each is refused as a roster's would be (no licence nor approval,
  // an unverified sender, the daily cap), which refuses the whole bundle; suspending needs none of that.
  mount(routes, { kind: 'school', base: '/api/schools/:id', policy: schoolManager });
  mount(routes, { kind: 'trust', base: '/api/trusts/:id', policy: trustManager });
}
