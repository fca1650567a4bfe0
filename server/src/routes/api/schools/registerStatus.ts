import { isoDay, TRAINING_STATUS_LABELS, type TrainingStatus } from '@atrium/common';
import type { Db } from '../../../db/knex.ts';
import { factKey } from '../../../queries/schools.ts';
import { allStatuses, expiresOn } from '../../../queries/trainingStatus.ts';
import type { SpreadsheetValue } from '../../../services/spreadsheet.ts';

/** The register's deadline columns for one member and course. */
export interface RegisterStatus {
  status: TrainingStatus;
  dueOn: string | null;
  expiresOn: string | null;
}

/** Every member × course status of the school, one statement, keyed like the register's facts. */
export async function registerStatuses(db: Db, schoolId: number, now: number): Promise<Map<string, RegisterStatus>> {
  const rows = await allStatuses(db, schoolId, now);
  return new Map(
    rows.map((row) => [
      factKey(row.userId, row.courseId),
      { status: row.status, dueOn: row.dueDay === null ? null : isoDay(row.dueDay), expiresOn: expiresOn(row) },
    ]),
  );
}

/** A calendar day as a date cell (UTC midnight: the column's yyyy-mm-dd format shows that day). */
const dayCell = (day: string | null): Date | null => (day === null ? null : new Date(`${day}T00:00:00Z`));

/** Dates go in as date cells, so a spreadsheet sorts and filters them as dates, not as text. */
export const registerStatusCells = (status: RegisterStatus | undefined): SpreadsheetValue[] =>
  status ? [TRAINING_STATUS_LABELS[status.status], dayCell(status.dueOn), dayCell(status.expiresOn)] : [null, null, null];
