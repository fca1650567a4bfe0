import { publicConfigDtoSchema } from '@atrium/common';
import { presentPublicConfig } from '../../../presenters/config.ts';
import { anyIdentityProvider } from '../../../queries/identityProviders.ts';
import type { Routes } from '../../define.ts';

/** What the portal and the widgets need to know about this installation before anyone signs in. */
export function configRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/config',
    access: 'public',
    answer: { body: publicConfigDtoSchema },
    async handler(ctx) {
      ctx.set('Cache-Control', 'public, max-age=60');
      ctx.body = presentPublicConfig(ctx.deps.config, await anyIdentityProvider(ctx.deps.db));
    },
  });
}
