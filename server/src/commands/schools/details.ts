import type { SchoolUpdate } from '@atrium/common';
import type { Db } from '../../db/knex.ts';
import { notFound } from '../../errors.ts';
import type { SchoolRow } from '../../queries/schools.ts';

/**
 * Renames a school or changes its country (its manager on /school, an admin on /admin): one row,
 * one statement. Orders and invoices already issued keep the name and country they were made with.
 */
export async function updateSchoolDetails(db: Db, schoolId: number, update: SchoolUpdate): Promise<SchoolRow> {
  const changes = { ...(update.name !== undefined ? { name: update.name } : {}), ...(update.country !== undefined ? { country: update.country } : {}) };
  const updated = await db('schools').where({ id: schoolId }).update(changes);
  if (!updated) throw notFound('School not found');
  return (await db('schools').where({ id: schoolId }).first())!;
}

/** Lets the school send invitation mail without a licence (`approvedAt`), or takes that back (null); false when there is no such school. */
export async function setInvitationApproval(db: Db, schoolId: number, approvedAt: number | null): Promise<boolean> {
  return (await db('schools').where({ id: schoolId }).update({ invitesApprovedAt: approvedAt })) > 0;
}
