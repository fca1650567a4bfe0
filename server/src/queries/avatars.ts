import type { Db } from '../db/knex.ts';

/** The trusts a person belongs to: the one they manage, and those of the schools they are staff of. */
const trustsOf = (db: Db, userId: number) =>
  db('trustManagers')
    .where({ userId })
    .select('trustId')
    .union((q) =>
      q.from('schoolMembers as sm').join('schools as s', 's.id', 'sm.schoolId').where('sm.userId', userId).whereNotNull('s.trustId').select('s.trustId'),
    );

/**
 * Whether `viewerId` meets `personId` somewhere the portal shows the person's photo (policies'
 * avatarViewer), cheapest first:
 * - the staff of one school (each school's lists and groups);
 * - one trust, as its manager or as staff of one of its schools (the trust's staff list, groups
 *   and moves);
 * - a course discussion: the person has commented on a module of a course the viewer is enrolled
 *   in, so their comments (with their photo) are on the viewer's module page.
 */
export async function sharesACircle(db: Db, viewerId: number, personId: number): Promise<boolean> {
  const school = await db('schoolMembers as a')
    .join('schoolMembers as b', 'b.schoolId', 'a.schoolId')
    .where('a.userId', viewerId)
    .where('b.userId', personId)
    .first('a.schoolId');
  if (school) return true;
  const trust = await db.from(trustsOf(db, viewerId).as('a')).join(trustsOf(db, personId).as('b'), 'b.trustId', 'a.trustId').first('a.trustId');
  if (trust) return true;
  const discussion = await db('comments as c')
    .join('modules as m', 'm.id', 'c.moduleId')
    .join('enrollments as e', 'e.courseId', 'm.courseId')
    .where('c.userId', personId)
    .where('e.userId', viewerId)
    .first('c.id');
  return Boolean(discussion);
}
