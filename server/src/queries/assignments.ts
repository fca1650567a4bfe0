import type { AssignmentAcceptKind } from '@atrium/common';
import type { Knex } from 'knex';
import { dbBoolean, type Db } from '../db/knex.ts';
import type { Assignment, Submission } from '../db/tables.ts';

type Reader = Db | Knex.Transaction;

/** An assignment with its columns read into their types. */
export interface LiveAssignment {
  id: number;
  courseId: number;
  afterModuleId: number | null;
  title: string;
  instructions: string;
  accepts: AssignmentAcceptKind[];
  maxFiles: number;
  approvalRequired: boolean;
  createdAt: number;
  updatedAt: number;
}

export function toLiveAssignment(row: Assignment): LiveAssignment {
  return {
    id: Number(row.id),
    courseId: Number(row.courseId),
    afterModuleId: row.afterModuleId === null ? null : Number(row.afterModuleId),
    title: row.title,
    instructions: row.instructions,
    accepts: JSON.parse(row.accepts) as AssignmentAcceptKind[],
    maxFiles: Number(row.maxFiles),
    approvalRequired: dbBoolean(row.approvalRequired),
    createdAt: Number(row.createdAt),
    updatedAt: Number(row.updatedAt),
  };
}

/** An assignment that is not deleted. */
export async function liveAssignment(db: Reader, assignmentId: number): Promise<LiveAssignment | undefined> {
  const row = await db('assignments').where({ id: assignmentId }).whereNull('deletedAt').first();
  return row ? toLiveAssignment(row) : undefined;
}

/** An assignment of this course that is not deleted (undefined when it is another course's). */
export async function courseAssignment(db: Reader, courseId: number, assignmentId: number): Promise<LiveAssignment | undefined> {
  const live = await liveAssignment(db, assignmentId);
  return live && live.courseId === courseId ? live : undefined;
}

/** A course's assignments that are not deleted, by id. */
export async function courseAssignments(db: Reader, courseId: number): Promise<LiveAssignment[]> {
  const rows = await db('assignments').where({ courseId }).whereNull('deletedAt').orderBy('id');
  return rows.map(toLiveAssignment);
}

/** The learner's draft round of an assignment, if any (at most one). */
export async function draftOf(db: Reader, userId: number, assignmentId: number): Promise<Submission | undefined> {
  return db('submissions').where({ userId, assignmentId, status: 'draft' }).first();
}

/** The number of files a round holds. */
export async function fileCountOf(db: Reader, submissionId: number): Promise<number> {
  const row = await db('submissionFiles').where({ submissionId }).count({ count: '*' }).first();
  return Number(row?.count ?? 0);
}
