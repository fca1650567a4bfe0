import { idParams } from '@atrium/common';
import { avatarViewer, noPhoto } from '../../../policies/avatars.ts';
import { avatarOf } from '../../../queries/users.ts';
import type { Routes } from '../../define.ts';

/** Uploaded profile photos (commands/profile.ts stores them), for the people the policy lets see them. */
export function avatarRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/avatars/:id',
    access: 'user',
    params: idParams,
    policy: avatarViewer,
    answer: { contentType: 'image/webp' },
    async handler(ctx) {
      const avatar = await avatarOf(ctx.deps.db, ctx.input.params.id);
      if (!avatar) throw noPhoto();
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
