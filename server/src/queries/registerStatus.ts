import { isoDay, type TrainingStatus } from '@atrium/common';
import type { Db } from '../db/knex.ts';
import { factKey } from './schools.ts';
import { allStatuses, expiresOn, type FinalQuizResult } from './trainingStatus.ts';
import type { Watching } from './watching.ts';

/** The register's deadline columns for one member and course. */
export interface RegisterStatus {
  status: TrainingStatus;
  dueOn: string | null;
  expiresOn: string | null;
  watching: Watching;
  finalQuiz: FinalQuizResult | null;
  /** The member's groups (their school's and its trust's), by name. */
  groups: string[];
}

/** Every member × course status of the school, one statement, keyed like the register's facts. */
export async function registerStatuses(db: Db, schoolId: number, now: number): Promise<Map<string, RegisterStatus>> {
  const rows = await allStatuses(db, schoolId, now);
  return new Map(
    rows.map((row) => [
      factKey(row.userId, row.courseId),
      {
        status: row.status,
        dueOn: row.dueDay === null ? null : isoDay(row.dueDay),
        expiresOn: expiresOn(row),
        watching: row.watching,
        finalQuiz: row.finalQuiz,
        groups: row.groups ?? [],
      },
    ]),
  );
}
