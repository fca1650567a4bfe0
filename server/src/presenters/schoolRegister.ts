import { displayName } from '../models/User.ts';
import type { InvitedRow, SchoolProgress } from '../queries/schools.ts';
import { factKey } from '../queries/schools.ts';
import type { RegisterStatus } from '../queries/registerStatus.ts';
import type { SpreadsheetColumn, SpreadsheetValue } from '../services/spreadsheet.ts';
import { FINAL_QUIZ_COLUMNS, GROUPS_COLUMN, registerStatusCells, WATCHING_COLUMNS } from './registerCells.ts';
import { memberCourseProgress } from './schools.ts';

// The school's training register (GET /api/schools/:id/register.xlsx): its columns and rows.

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
