import multer from '@koa/multer';
import { profileSchema, userDtoSchema } from '@atrium/common';
import type { Middleware } from 'koa';
import { saveAvatar, updateProfile } from '../../../commands/profile.ts';
import { badRequest, HttpError } from '../../../errors.ts';
import { presentUser } from '../../../presenters/users.ts';
import { AVATAR_MAX_BYTES, encodeAvatar } from '../../../services/images.ts';
import type { AppContextExtensions, AppState } from '../../../context.ts';
import type { Routes } from '../../define.ts';

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

/** The signed-in person's own account: who they are, their name and their photo. */
export function profileRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/user',
    access: 'user',
    answer: { body: userDtoSchema },
    cache: 'no-store',
    async handler(ctx) {
      ctx.body = presentUser(ctx.state.user);
    },
  });

  routes.add({
    method: 'patch',
    path: '/api/user/profile',
    access: 'user',
    answer: { body: userDtoSchema },
    body: profileSchema,
    async handler(ctx) {
      const user = ctx.state.user;
      const input = ctx.input.body;
      if (input.email !== undefined && input.email !== user.email) throw badRequest('Email cannot be changed', { email: 'Email cannot be changed' });
      if (input.profileImageUrl !== undefined && input.profileImageUrl !== null && input.profileImageUrl !== user.profileImageUrl) {
        throw badRequest('Profile image must be uploaded', { profileImageUrl: 'Upload a photo instead of linking one' });
      }
      const saved = await updateProfile(ctx.deps.db, ctx.deps.clock, user, {
        firstName: input.firstName,
        lastName: input.lastName,
        company: input.company,
        removePhoto: input.profileImageUrl === null,
      });
      ctx.body = presentUser(saved);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/user/upload-avatar',
    access: 'user',
    rateLimit: { limit: 'upload', by: 'user' },
    before: [avatarUpload],
    answer: { body: userDtoSchema },
    async handler(ctx) {
      const file = (ctx as unknown as { file?: { buffer: Buffer } }).file;
      if (!file) throw badRequest('Please select an image file', { profileImage: 'Please select an image file' });
      const image = await encodeAvatar(file.buffer);
      ctx.body = presentUser(await saveAvatar(ctx.deps.db, ctx.deps.clock, ctx.state.user.id, image));
    },
  });
}
