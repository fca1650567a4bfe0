import { cpdHoursQuery, isoDay, TRAINING_STATUS_LABELS, TRAINING_STATUSES, trustParams, type TrainingStatus } from '@atrium/common';
import type { Db } from '../../../db/knex.ts';
import { displayName } from '../../../models/User.ts';
import { trustManager } from '../../../policies/trusts.ts';
import { allStatuses, expiresOn, type WatchedStatusRow } from '../../../queries/trainingStatus.ts';
import {
  cpdHoursColumns,
  cpdHoursRows,
  FINAL_QUIZ_COLUMNS,
  finalQuizCells,
  GROUPS_COLUMN,
  groupsCell,
  WATCHING_COLUMNS,
  watchingCells,
} from '../../../presenters/registerCells.ts';
import { cpdRangeOf, memberCpdHours } from '../../../queries/cpdHours.ts';
import { trustStatusCounts } from '../../../queries/statusCounts.ts';
import { trustSchools, zeroCounts, type TrustSchoolRow } from '../../../queries/trusts.ts';
import { streamWorkbook, type SpreadsheetColumn, type SpreadsheetSource, type SpreadsheetValue } from '../../../services/spreadsheet.ts';
import type { Routes } from '../../define.ts';
import { XLSX_TYPE } from '../../../services/spreadsheet.ts';

export const SUMMARY_COLUMNS: SpreadsheetColumn[] = [
  { header: 'School', width: 34 },
  { header: 'Members', width: 10 },
  ...TRAINING_STATUSES.map((status) => ({ header: TRAINING_STATUS_LABELS[status], width: 13 })),
  { header: 'Member × course pairs', width: 20 },
  { header: 'Percent completed', width: 18 },
];

export const SCHOOL_SHEET_COLUMNS: SpreadsheetColumn[] = [
  { header: 'Member', width: 28 },
  { header: 'Email', width: 34 },
  { header: 'Course', width: 36 },
  { header: 'Status', width: 14 },
  { header: 'Due by', width: 12, numFmt: 'yyyy-mm-dd' },
  { header: 'Completed on', width: 14, numFmt: 'yyyy-mm-dd' },
  { header: 'Certificate number', width: 26 },
  { header: 'Certificate expires', width: 18, numFmt: 'yyyy-mm-dd' },
  ...WATCHING_COLUMNS,
  ...FINAL_QUIZ_COLUMNS,
  // Someone the trust moved from another of its schools: here now, since this day.
  { header: 'Moved here on', width: 14, numFmt: 'yyyy-mm-dd' },
  GROUPS_COLUMN,
];

const BATCH_ROWS = 1000;

const dayCell = (day: string | null): Date | null => (day === null ? null : new Date(`${day}T00:00:00Z`));

/** Completed and renewal-due pairs hold a certificate; the percentage is of every pair. */
const completedShare = (counts: Record<TrainingStatus, number>, total: number): number =>
  total === 0 ? 0 : Math.round(((counts.completed + counts.renewal_due) / total) * 100);

/** The summary sheet: one row per school, then the whole trust. */
export function summaryRows(schools: TrustSchoolRow[], counts: Map<number, Record<TrainingStatus, number>>): SpreadsheetValue[][] {
  const totals = zeroCounts();
  let members = 0;
  const line = (name: string, people: number, byStatus: Record<TrainingStatus, number>): SpreadsheetValue[] => {
    const total = TRAINING_STATUSES.reduce((sum, status) => sum + byStatus[status], 0);
    return [name, people, ...TRAINING_STATUSES.map((status) => byStatus[status]), total, completedShare(byStatus, total)];
  };
  const rows = schools.map((school) => {
    const byStatus = counts.get(Number(school.id)) ?? zeroCounts();
    for (const status of TRAINING_STATUSES) totals[status] += byStatus[status];
    members += Number(school.members ?? 0);
    return line(school.name, Number(school.members ?? 0), byStatus);
  });
  return [...rows, line('All schools', members, totals)];
}

export const schoolSheetRow = (row: WatchedStatusRow): SpreadsheetValue[] => [
  displayName(row),
  row.email,
  row.courseTitle,
  TRAINING_STATUS_LABELS[row.status],
  dayCell(row.dueDay === null ? null : isoDay(row.dueDay)),
  row.completedAt === null ? null : new Date(row.completedAt),
  row.certificateNumber,
  dayCell(expiresOn(row)),
  ...watchingCells(row.watching),
  ...finalQuizCells(row.finalQuiz),
  row.movedAt === null ? null : new Date(row.movedAt),
  groupsCell(row.groups),
];

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
    cache: 'no-store',
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
