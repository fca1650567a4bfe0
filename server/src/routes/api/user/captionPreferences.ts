import { captionPreferencesDtoSchema, captionPreferencesSchema } from '@atrium/common';
import { saveCaptionPreferences } from '../../../commands/accessibility.ts';
import { presentCaptionPreferences } from '../../../presenters/accessibility.ts';
import type { Routes } from '../../define.ts';

/**
 * The person's caption choice on module pages (CC on or off, the language), kept with the account
 * so it follows them from the staff-room computer to their phone.
 */
export function captionPreferenceRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/user/caption-preferences',
    access: 'user',
    answer: { body: captionPreferencesDtoSchema },
    cache: 'private, no-store',
    handler(ctx) {
      ctx.body = presentCaptionPreferences(ctx.state.user);
    },
  });

  routes.add({
    method: 'put',
    path: '/api/user/caption-preferences',
    access: 'user',
    answer: { body: captionPreferencesDtoSchema },
    cache: 'private, no-store',
    body: captionPreferencesSchema,
    async handler(ctx) {
      const { on, lang } = ctx.input.body;
      await saveCaptionPreferences(ctx.deps.db, ctx.deps.clock, ctx.state.user.id, { on, lang });
      ctx.body = presentCaptionPreferences({ captionsOn: on, captionsLang: lang === undefined ? ctx.state.user.captionsLang : lang });
    },
  });
}
