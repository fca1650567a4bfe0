import { cpdHoursQuery, schoolParams } from '@atrium/common';
import { streamWorkbook } from '../../../services/spreadsheet.ts';
import { REGISTER_COLUMNS, registerBatches } from '../../../presenters/schoolRegister.ts';
import type { Routes } from '../../define.ts';
import { XLSX_TYPE } from '../../../services/spreadsheet.ts';
import { schoolManager } from '../../../policies/schools.ts';
import { invitedPeople, schoolProgress } from '../../../queries/schools.ts';
import { cpdHoursColumns, cpdHoursRows } from '../../../presenters/registerCells.ts';
import { cpdRangeOf, memberCpdHours } from '../../../queries/cpdHours.ts';
import { registerStatuses } from '../../../queries/registerStatus.ts';

async function* asAsync<T>(items: Iterable<T>): AsyncGenerator<T> {
  yield* items;
}

export function schoolRegisterRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/schools/:id/register.xlsx',
    access: 'user',
    params: schoolParams,
    // The range of the "CPD hours" sheet (the current school year unless given) and its filters.
    query: cpdHoursQuery,
    policy: schoolManager,
    rateLimit: { limit: 'export', by: 'user' },
    answer: { contentType: XLSX_TYPE },
    cache: 'no-store',
    async handler(ctx) {
      const { db } = ctx.deps;
      const schoolId = ctx.input.params.id;
      const now = ctx.deps.clock.now();
      const range = cpdRangeOf(ctx.input.query, now.toISOString().slice(0, 10), ctx.deps.config.cpdYearStartMonth);
      // A school's staff × its courses fits in memory; the rows are still streamed out in batches.
      const [progress, statuses, invited, hours] = await Promise.all([
        schoolProgress(db, schoolId),
        registerStatuses(db, schoolId, now.getTime()),
        invitedPeople(db, schoolId),
        memberCpdHours(db, { schoolId }, range, ctx.input.query),
      ]);
      const date = now.toISOString().slice(0, 10);
      ctx.set('Content-Disposition', `attachment; filename="staff-training-register-${date}.xlsx"`);
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.type = XLSX_TYPE;
      const log = ctx.state.log;
      ctx.body = streamWorkbook(
        [
          { sheetName: 'Staff training register', columns: REGISTER_COLUMNS, batches: asAsync(registerBatches(progress, statuses, invited)) },
          { sheetName: 'CPD hours', columns: cpdHoursColumns(range, false), batches: asAsync([cpdHoursRows(hours, false)]) },
        ],
        (error) => log.error({ err: error, schoolId }, 'training register export failed part-way'),
      );
    },
  });
}
