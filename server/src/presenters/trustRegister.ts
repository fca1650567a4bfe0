import { isoDay, TRAINING_STATUS_LABELS, TRAINING_STATUSES, type TrainingStatus } from '@atrium/common';
import { displayName } from '../models/User.ts';
import { expiresOn, type WatchedStatusRow } from '../queries/trainingStatus.ts';
import type { TrustSchoolRow } from '../queries/trusts.ts';
import type { SpreadsheetColumn, SpreadsheetValue } from '../services/spreadsheet.ts';
import { FINAL_QUIZ_COLUMNS, finalQuizCells, GROUPS_COLUMN, groupsCell, WATCHING_COLUMNS, watchingCells } from './registerCells.ts';

// The trust's training register (GET /api/trusts/:id/register.xlsx): the summary sheet and each school's.

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

const dayCell = (day: string | null): Date | null => (day === null ? null : new Date(`${day}T00:00:00Z`));

/** Completed and renewal-due pairs hold a certificate; the percentage is of every pair. */
const zeroCounts = (): Record<TrainingStatus, number> => Object.fromEntries(TRAINING_STATUSES.map((status) => [status, 0])) as Record<TrainingStatus, number>;

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
