import { streamSpreadsheet, XLSX_TYPE, type SpreadsheetColumn } from '../../../services/spreadsheet.ts';
import { studentExportBatches } from '../../../queries/studentExport.ts';
import type { Routes } from '../../define.ts';

/** The columns of queries/studentExport.ts's rows, in order. */
export const EXPORT_COLUMNS: SpreadsheetColumn[] = [
  { header: 'ID', width: 8 },
  { header: 'Email', width: 34 },
  { header: 'First name', width: 18 },
  { header: 'Last name', width: 18 },
  { header: 'School/company', width: 28 },
  { header: 'Role', width: 10 },
  { header: 'Joined', width: 12, numFmt: 'yyyy-mm-dd' },
  { header: 'Enrolled courses', width: 16 },
  { header: 'Completed modules', width: 18 },
];

/** Yields an already-read first step, then the rest of the same generator. */
async function* resume<T>(first: IteratorResult<T>, rest: AsyncGenerator<T>): AsyncGenerator<T> {
  if (first.done) return;
  yield first.value;
  yield* rest;
}

export function adminExportRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/admin/export-excel',
    access: 'admin',
    cache: 'no-store',
    answer: { contentType: XLSX_TYPE },
    async handler(ctx) {
      const { db, clock } = ctx.deps;
      const log = ctx.state.log;
      const batches = studentExportBatches(db);
      // Read the first batch before answering: a database failure then is still a JSON error,
      // not a download that breaks after the headers have gone out.
      const first = await batches.next();
      const date = clock.now().toISOString().slice(0, 10);
      ctx.set('Content-Disposition', `attachment; filename="students-export-${date}.xlsx"`);
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.type = XLSX_TYPE;
      ctx.body = streamSpreadsheet({ sheetName: 'Students', columns: EXPORT_COLUMNS, batches: resume(first, batches) }, (error) =>
        log.error({ err: error }, 'student export failed part-way'),
      );
      log.info({ by: ctx.state.user.id }, 'student export started');
    },
  });
}
