import { accessibilityReportSchema, accessibilityStatementDtoSchema, type MessageDto, messageDtoSchema } from '@atrium/common';
import { receiveAccessibilityReport } from '../../../commands/accessibility.ts';
import { accessibilityStatement } from '../../accessibilityStatement.ts';
import type { Routes } from '../../define.ts';

export const reportThanks = (responseDays: number) =>
  `Thank you for telling us. We will reply within ${responseDays} working ${responseDays === 1 ? 'day' : 'days'}.`;

/**
 * The accessibility statement (public) and its "Report an accessibility problem" form, which
 * lands in the admin inbox as its own category. The admin edits the agency's parts at
 * `PUT /api/admin/accessibility` (admin/accessibility.ts).
 */
export function accessibilityRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/accessibility',
    access: 'public',
    answer: { body: accessibilityStatementDtoSchema },
    async handler(ctx) {
      ctx.body = await accessibilityStatement(ctx);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/accessibility/reports',
    access: 'public',
    answer: { status: 201, body: messageDtoSchema },
    body: accessibilityReportSchema,
    // The contact form's limit, counted apart: a flood of contact messages does not silence reports.
    rateLimit: { limit: 'accessibilityReport', by: 'ip' },
    async handler(ctx) {
      const { db, clock, mailer, config } = ctx.deps;
      const { id, responseDays } = await receiveAccessibilityReport(db, clock, mailer, config, ctx.input.body);
      ctx.state.log.info({ contactMessageId: id }, 'accessibility problem reported');
      const body: MessageDto = { message: reportThanks(responseDays) };
      ctx.status = 201;
      ctx.body = body;
    },
  });
}
