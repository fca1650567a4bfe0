import multer from '@koa/multer';
import { idParams, profileSchema } from '@atrium/common';
import type { Middleware } from 'koa';
import { badRequest, HttpError, notFound } from '../../../errors.ts';
import { User } from '../../../models/User.ts';
import { Avatar } from '../../../models/Avatar.ts';
import { personalName } from '../../../models/User.ts';
import { presentUser } from '../../../presenters/users.ts';
import { nameCertificates } from '../../../commands/issueCertificate.ts';
import { AVATAR_MAX_BYTES, encodeAvatar } from '../../../services/images.ts';
import type { AppContextExtensions, AppState } from '../../../context.ts';
import type { Routes } from '../../define.ts';

export const avatarUrl = (userId: number, etag: string) => `/api/avatars/${userId}?v=${etag}`;

const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5 } });

/** multer's errors as the API's: too large is 413, anything else malformed is 400. */
const avatarUpload: Middleware<AppState, AppContextExtensions> = async (ctx, next) => {
  if (!ctx.is('multipart/form-data')) throw new HttpError(415, 'unsupported_media_type', 'Upload the image as multipart/form-data');
  try {
    await (upload.single('profileImage') as unknown as Middleware<AppState, AppContextExtensions>)(ctx, async () => {});
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'LIMIT_FILE_SIZE') throw new HttpError(413, 'file_too_large', 'Please select an image smaller than 5MB');
    throw badRequest('The upload could not be read. Choose the image again.');
  }
  return next();
};

export function userRoutes(routes: Routes): void {
  routes.add({
    method: 'patch',
    path: '/api/user/profile',
    access: 'user',
    body: profileSchema,
    async handler(ctx) {
      const user = ctx.state.user;
      const input = ctx.input.body;
      if (input.email !== undefined && input.email !== user.email) throw badRequest('Email cannot be changed', { email: 'Email cannot be changed' });
      const changes: Partial<User> = { updatedAt: Date.now() };
      if (input.firstName !== undefined) changes.firstName = input.firstName;
      if (input.lastName !== undefined) changes.lastName = input.lastName;
      if (input.company !== undefined) changes.company = input.company;
      const { db } = ctx.deps;
      await db.transaction(async (trx) => {
        if (input.profileImageUrl === null) {
          changes.profileImageUrl = null;
          await trx('avatars').where({ userId: user.id }).delete();
        } else if (input.profileImageUrl !== undefined && input.profileImageUrl !== user.profileImageUrl) {
          throw badRequest('Profile image must be uploaded', { profileImageUrl: 'Upload a photo instead of linking one' });
        }
        await trx('users').where({ id: user.id }).update(changes);
        // A certificate issued before the learner gave their name is shown once they give it.
        await nameCertificates(trx, user.id, personalName({ ...user, ...changes }));
      });
      ctx.body = presentUser((await User.query(db).findById(user.id))!);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/user/upload-avatar',
    access: 'user',
    rateLimit: { limit: 'upload', by: 'user' },
    before: [avatarUpload],
    async handler(ctx) {
      const file = (ctx as unknown as { file?: { buffer: Buffer } }).file;
      if (!file) throw badRequest('Please select an image file', { profileImage: 'Please select an image file' });
      const image = await encodeAvatar(file.buffer);
      const user = ctx.state.user;
      const { db } = ctx.deps;
      const url = avatarUrl(user.id, image.etag);
      await db.transaction(async (trx) => {
        await trx('avatars')
          .insert({ userId: user.id, data: image.data, contentType: image.contentType, etag: image.etag, updatedAt: Date.now() })
          .onConflict('userId')
          .merge(['data', 'contentType', 'etag', 'updatedAt']);
        await trx('users').where({ id: user.id }).update({ profileImageUrl: url, updatedAt: Date.now() });
      });
      ctx.body = presentUser((await User.query(db).findById(user.id))!);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/avatars/:id',
    access: 'user',
    params: idParams,
    async handler(ctx) {
      const avatar = await Avatar.query(ctx.deps.db).findById(ctx.input.params.id);
      if (!avatar) throw notFound('No photo');
      const etag = `"${avatar.etag}"`;
      ctx.set('ETag', etag);
      // URLs carry the content hash (?v=), so a given URL never changes content.
      ctx.set('Cache-Control', ctx.query.v === avatar.etag ? 'private, max-age=31536000, immutable' : 'private, no-cache');
      ctx.set('X-Content-Type-Options', 'nosniff');
      if (ctx.get('if-none-match') === etag) {
        ctx.status = 304;
        return;
      }
      ctx.type = avatar.contentType;
      ctx.body = Buffer.from(avatar.data);
    },
  });
}
