import { cpdHoursQuery, schoolParams } from '@atrium/common';
import { memberCourseProgress } from '../../../presenters/schools.ts';
import { displayName } from '../../../models/User.ts';
import { streamWorkbook, type SpreadsheetColumn, type SpreadsheetValue } from '../../../services/spreadsheet.ts';
import type { Routes } from '../../define.ts';
import { XLSX_TYPE } from '../../../services/spreadsheet.ts';
import { schoolManager } from '../../../policies/schools.ts';
import { factKey, invitedPeople, schoolProgress, type InvitedRow, type SchoolProgress } from '../../../queries/schools.ts';
import { cpdHoursColumns, cpdHoursRows, FINAL_QUIZ_COLUMNS, GROUPS_COLUMN, registerStatusCells, WATCHING_COLUMNS } from '../../../presenters/registerCells.ts';
import { cpdRangeOf, memberCpdHours } from '../../../queries/cpdHours.ts';
import { registerStatuses, type RegisterStatus } from '../../../queries/registerStatus.ts';

export const REGISTER_COLUMNS: SpreadsheetColumn[] = [
  { header: 'Member', width: 28 },
  { header: 'Email', width: 34 },
  { header: 'Course', width: 36 },
  { header: 'Modules completed', width: 18 },
  { header: 'Modules in course', width: 18 },
  { header: 'Percent', width: 10 },
  { header: 'Completed on', width: 14, numFmt: 'yyyy-mm-dd' },
  { header: 'Certificate number', width: 26 },
  { header: 'Status', width: 14 },
  { header: 'Due by', width: 12, numFmt: 'yyyy-mm-dd' },
  { header: 'Certificate expires', width: 18, numFmt: 'yyyy-mm-dd' },
  ...WATCHING_COLUMNS,
  ...FINAL_QUIZ_COLUMNS,
  GROUPS_COLUMN,
];
const BATCH_ROWS = 1000;

/** What the register's Status column says for someone invited who has not joined yet. */
export const INVITED_STATUS = 'Invited';

/**
 * One row per member and licensed course, then one per invited person (not joined yet) and
 * course, with the status "Invited"; text goes in as text (formula-safe, see spreadsheet.ts).
 */
export function* registerBatches(
  progress: SchoolProgress,
  statuses: Map<string, RegisterStatus> = new Map(),
  invited: InvitedRow[] = [],
): Generator<SpreadsheetValue[][]> {
  let batch: SpreadsheetValue[][] = [];
  for (const member of progress.members) {
    for (const course of progress.courses) {
      const facts = memberCourseProgress(progress, member.userId, course);
      batch.push([
        displayName(member),
        member.email,
        course.title,
        facts.completedModules,
        facts.totalModules,
        facts.progressPercentage,
        facts.completedAt ? new Date(facts.completedAt) : null,
        facts.certificateNumber,
        ...registerStatusCells(statuses.get(factKey(member.userId, course.courseId))),
      ]);
      if (batch.length >= BATCH_ROWS) {
        yield batch;
        batch = [];
      }
    }
  }
  for (const person of invited) {
    for (const course of progress.courses) {
      batch.push([
        displayName(person),
        person.email,
        course.title,
        0,
        course.totalModules,
        0,
        null,
        null,
        INVITED_STATUS,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
      ]);
      if (batch.length >= BATCH_ROWS) {
        yield batch;
        batch = [];
      }
    }
  }
  if (batch.length) yield batch;
}

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
