import { cpdHoursQuery, trustParams } from '@atrium/common';
import type { Db } from '../../../db/knex.ts';
import { trustManager } from '../../../policies/trusts.ts';
import { allStatuses } from '../../../queries/trainingStatus.ts';
import { cpdHoursColumns, cpdHoursRows } from '../../../presenters/registerCells.ts';
import { SCHOOL_SHEET_COLUMNS, schoolSheetRow, SUMMARY_COLUMNS, summaryRows } from '../../../presenters/trustRegister.ts';
import { cpdRangeOf, memberCpdHours } from '../../../queries/cpdHours.ts';
import { trustStatusCounts } from '../../../queries/statusCounts.ts';
import { trustSchools } from '../../../queries/trusts.ts';
import { streamWorkbook, type SpreadsheetSource, type SpreadsheetValue } from '../../../services/spreadsheet.ts';
import type { Routes } from '../../define.ts';
import { XLSX_TYPE } from '../../../services/spreadsheet.ts';

const BATCH_ROWS = 1000;

/** One school's rows, read when its sheet's turn comes (one school in memory at a time). */
async function* schoolBatches(db: Db, schoolId: number, now: number): AsyncGenerator<SpreadsheetValue[][]> {
  const rows = await allStatuses(db, schoolId, now);
  for (let start = 0; start < rows.length; start += BATCH_ROWS) yield rows.slice(start, start + BATCH_ROWS).map(schoolSheetRow);
}

async function* once<T>(value: T): AsyncGenerator<T> {
  yield value;
}

export function trustRegisterRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/trusts/:id/register.xlsx',
    access: 'user',
    params: trustParams,
    // The range of the "CPD hours" sheet (the current school year unless given) and its filters.
    query: cpdHoursQuery,
    policy: trustManager,
    rateLimit: { limit: 'export', by: 'user' },
    cache: 'no-store',
    answer: { contentType: XLSX_TYPE },
    async handler(ctx) {
      const { db } = ctx.deps;
      const trustId = ctx.input.params.id;
      const now = ctx.deps.clock.now();
      const range = cpdRangeOf(ctx.input.query, now.toISOString().slice(0, 10), ctx.deps.config.cpdYearStartMonth);
      const [schools, counts, hours] = await Promise.all([
        trustSchools(db, trustId),
        trustStatusCounts(db, trustId, now.getTime()),
        memberCpdHours(db, { trustId }, range, ctx.input.query),
      ]);
      const sheets: SpreadsheetSource[] = [
        { sheetName: 'Summary', columns: SUMMARY_COLUMNS, batches: once(summaryRows(schools, counts)) },
        ...schools.map((school) => ({
          sheetName: school.name,
          columns: SCHOOL_SHEET_COLUMNS,
          batches: schoolBatches(db, Number(school.id), now.getTime()),
        })),
        // Last, so each school's sheet keeps its place after the summary.
        { sheetName: 'CPD hours', columns: cpdHoursColumns(range, true), batches: once(cpdHoursRows(hours, true)) },
      ];
      const date = now.toISOString().slice(0, 10);
      ctx.set('Content-Disposition', `attachment; filename="trust-training-register-${date}.xlsx"`);
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.type = XLSX_TYPE;
      const log = ctx.state.log;
      ctx.body = streamWorkbook(sheets, (error) => log.error({ err: error, trustId }, 'trust register export failed part-way'));
    },
  });
}
