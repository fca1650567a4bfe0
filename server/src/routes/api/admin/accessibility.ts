import { accessibilitySettingsSchema, accessibilityStatementDtoSchema } from '@atrium/common';
import { saveAccessibilitySettings } from '../../../commands/accessibility.ts';
import type { Routes } from '../../define.ts';
import { accessibilityStatement } from '../../accessibilityStatement.ts';

/** The accessibility statement's parts that are the agency's to say; answers the statement as it now reads. */
export function adminAccessibilityRoutes(routes: Routes): void {
  routes.add({
    method: 'put',
    path: '/api/admin/accessibility',
    access: 'admin',
    answer: { body: accessibilityStatementDtoSchema },
    body: accessibilitySettingsSchema,
    async handler(ctx) {
      await saveAccessibilitySettings(ctx.deps.db, ctx.deps.clock, ctx.state.user.id, ctx.input.body);
      ctx.body = await accessibilityStatement(ctx);
    },
  });
}
