import { durationMinutes, hoursFromQuarters, playedMinutes, TRAINING_STATUS_LABELS } from '@atrium/common';
import { displayName } from '../models/User.ts';
import type { PersonCpdHours } from '../queries/cpdHours.ts';
import type { RegisterStatus } from '../queries/registerStatus.ts';
import type { FinalQuizResult } from '../queries/trainingStatus.ts';
import type { Watching } from '../queries/watching.ts';
import type { SpreadsheetColumn, SpreadsheetValue } from '../services/spreadsheet.ts';

// The cells the school's and the trust's training registers share (api/schools/register.ts, api/trusts/register.ts).

/** A calendar day as a date cell (UTC midnight: the column's yyyy-mm-dd format shows that day). */
const dayCell = (day: string | null): Date | null => (day === null ? null : new Date(`${day}T00:00:00Z`));

/** Dates go in as date cells, so a spreadsheet sorts and filters them as dates, not as text. */
export const registerStatusCells = (status: RegisterStatus | undefined): SpreadsheetValue[] =>
  status
    ? [
        TRAINING_STATUS_LABELS[status.status],
        dayCell(status.dueOn),
        dayCell(status.expiresOn),
        ...watchingCells(status.watching),
        ...finalQuizCells(status.finalQuiz),
        groupsCell(status.groups),
      ]
    : [null, null, null, null, null, null, null, null, null];

/** The member's groups (issue 39), last in both registers so the columns before keep their places. */
export const GROUPS_COLUMN: SpreadsheetColumn = { header: 'Groups', width: 30 };

export const groupsCell = (groups: string[] | undefined): string | null => (groups?.length ? groups.join('; ') : null);

/**
 * What was actually played (issue 36), in both registers: SPEC's watched time counts a module
 * marked complete as watched, so these columns say what the player reported instead.
 */
export const WATCHING_COLUMNS: SpreadsheetColumn[] = [
  { header: 'Minutes played', width: 15 },
  { header: 'Minutes in course', width: 17 },
  { header: 'Modules completed without playing (<90% played)', width: 24 },
];

export const watchingCells = (watching: Watching): SpreadsheetValue[] => [
  playedMinutes(watching.playedSeconds),
  durationMinutes(watching.durationSeconds),
  watching.completedWithoutPlaying,
];

/**
 * The best score on the course's final quiz (issue 36), in both registers: empty cells when the
 * course has no quiz or the member has not tried it; the result is judged against the pass mark.
 */
export const FINAL_QUIZ_COLUMNS: SpreadsheetColumn[] = [
  { header: 'Final quiz score (%)', width: 18 },
  { header: 'Final quiz result', width: 17 },
];

export const finalQuizCells = (finalQuiz: FinalQuizResult | null): SpreadsheetValue[] =>
  finalQuiz === null || finalQuiz.bestScore === null
    ? [null, null]
    : [finalQuiz.bestScore, finalQuiz.passed ? `Passed (pass mark ${finalQuiz.passMark}%)` : `Not passed (pass mark ${finalQuiz.passMark}%)`];

/**
 * The registers' "CPD hours" sheet (issue 59): one row per person with the verified hours of the
 * certificates completed in the range (what their school may count: see memberCpdHours), the
 * range in the heading so a saved file says what it counted.
 */
export const cpdHoursColumns = (range: { from: string; to: string }, withSchool: boolean): SpreadsheetColumn[] => [
  ...(withSchool ? [{ header: 'School', width: 30 }] : []),
  { header: 'Member', width: 28 },
  { header: 'Email', width: 34 },
  { header: `CPD hours ${range.from} to ${range.to}`, width: 30, numFmt: '0.00' },
  { header: 'Courses completed', width: 18 },
  { header: 'Whole record shared', width: 20 },
];

export function cpdHoursRows(people: PersonCpdHours[], withSchool: boolean): SpreadsheetValue[][] {
  const rows = people.map((person) => [
    ...(withSchool ? [person.schoolName] : []),
    displayName(person),
    person.email,
    hoursFromQuarters(person.quarterHours),
    person.courses,
    person.wholeRecordShared ? 'Yes' : 'No',
  ]);
  const total = people.reduce((sum, person) => sum + person.quarterHours, 0);
  const courses = people.reduce((sum, person) => sum + person.courses, 0);
  return [...rows, [...(withSchool ? ['All schools'] : []), 'Total', null, hoursFromQuarters(total), courses, null]];
}
