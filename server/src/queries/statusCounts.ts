import { dayOf, type TrainingStatus } from '@atrium/common';
import { retryOnDeadlock } from '../db/deadlocks.ts';
import { dialectOf, type Db } from '../db/knex.ts';
import { groupCourseCouples, trainingPairs, validityCutoffs } from './trainingStatus.ts';
import { countsBySchool, type SchoolStatusCount, type TrustCountsFilter } from './trusts.ts';

// A trust's counts by status per school, read from rows kept per school (migration 035 says what
// they hold and which writes mark a school for computing again). A school's rows are computed by
// the same derived table as every other status (trainingPairs), grouped by what does not move
// with the clock; the read turns them into statuses for today. So the answer is the one counting
// every pair would give (queries/trusts.ts trustStatusCountsComputed, which the tests compare it
// with), at the cost of the schools written since their last computing.

/** What a pair's status is made of, apart from the clock (see the migration). */
const KIND_SQL = `(case when ct.id is not null then (case when rn.id is not null then 'r' else 'c' end)
  when cp.completed_modules > 0 or cp.watched_seconds > 0 then 's' else 'n' end)`;

interface CountRow {
  courseId: number | string;
  groupId: number | string;
  kind: string;
  dueDay: number | string | null;
  issuedAt: number | string | null;
  n: number | string;
}

/**
 * Computes one school's rows again unless they are current, in one transaction. On MySQL the
 * school's version row is locked first, so two readers do not compute the same school at once and
 * a write waits the few milliseconds it takes (its trigger raises that row). Two readers computing
 * neighbouring schools can each hold a gap lock of the other's delete and need it to insert (a
 * deadlock InnoDB answers by rolling one back): that one is run again (retryOnDeadlock). The
 * rows read are never older than the version read before them, so a write that lands in between
 * at worst has the school computed once more. SQLite runs one transaction at a time.
 */
async function refreshSchool(db: Db, schoolId: number, now: number): Promise<void> {
  const mysql = dialectOf(db) === 'mysql';
  await db('statusCountVersions').insert({ schoolId, version: 0 }).onConflict('schoolId').ignore();
  await retryOnDeadlock(() =>
    db.transaction(async (trx) => {
      const locked = trx('statusCountVersions').where({ schoolId }).first('version');
      const current = await (mysql ? locked.forUpdate() : locked);
      const built = await trx('statusCountsBuilt').where({ schoolId }).first('version');
      if (!current || (built && String(built.version) === String(current.version))) return;
      const groups = await groupCourseCouples(trx, { schoolId });
      const pairs = trainingPairs(trx, schoolId, now, [], { groups }).select(trx.raw(`${KIND_SQL} as kind`));
      const certified = "pairs.kind in ('c', 'r')";
      const keys = `pairs.course_id, pairs.kind, case when ${certified} then null else pairs.due_day end, case when ${certified} then pairs.issued_at end`;
      const columns = [
        'pairs.course_id as courseId',
        'pairs.kind',
        trx.raw(`case when ${certified} then null else pairs.due_day end as due_day`),
        trx.raw(`case when ${certified} then pairs.issued_at end as issued_at`),
      ];
      // Everyone (group 0), then each group of the school or its trust the member is in, as the
      // group filter reads them (onlyGroup): a member counts once in each of their groups.
      const everyone: CountRow[] = await trx
        .from(pairs.clone().as('pairs'))
        .select(trx.raw('0 as group_id'), ...columns)
        .count({ n: '*' })
        .groupByRaw(keys);
      // Counted here rather than by joining the pairs to group members in SQL: MariaDB ran that
      // join as a scan of the pairs per member (tens of seconds for a school of a few hundred).
      const memberships: Array<{ groupId: number | string; userId: number | string }> = await trx('groupMembers as gm')
        .join('groups as g', 'g.id', 'gm.groupId')
        .where((w) => w.where('g.schoolId', schoolId).orWhereIn('g.trustId', trx('schools').where('id', schoolId).whereNotNull('trustId').select('trustId')))
        .select('g.id as groupId', 'gm.userId as userId');
      const groupsOf = new Map<number, number[]>();
      for (const { groupId, userId } of memberships) groupsOf.set(Number(userId), [...(groupsOf.get(Number(userId)) ?? []), Number(groupId)]);
      const inGroups = new Map<string, CountRow>();
      if (groupsOf.size > 0) {
        const memberPairs: Array<Omit<CountRow, 'groupId' | 'n'> & { userId: number | string }> = await trx
          .from(pairs.as('pairs'))
          .whereIn('pairs.user_id', [...groupsOf.keys()])
          .select('pairs.user_id as userId', ...columns);
        for (const pair of memberPairs) {
          for (const groupId of groupsOf.get(Number(pair.userId)) ?? []) {
            const key = `${groupId}|${pair.courseId}|${pair.kind}|${pair.dueDay}|${pair.issuedAt}`;
            const row = inGroups.get(key);
            if (row) row.n = Number(row.n) + 1;
            else inGroups.set(key, { groupId, courseId: pair.courseId, kind: pair.kind, dueDay: pair.dueDay, issuedAt: pair.issuedAt, n: 1 });
          }
        }
      }
      await trx('statusCounts').where({ schoolId }).delete();
      const rows = [...everyone, ...inGroups.values()].map((row) => ({
        schoolId,
        courseId: Number(row.courseId),
        groupId: Number(row.groupId),
        kind: row.kind,
        dueDay: row.dueDay === null ? null : Number(row.dueDay),
        issuedAt: row.issuedAt === null ? null : Number(row.issuedAt),
        n: Number(row.n),
      }));
      if (rows.length) await trx.batchInsert('statusCounts', rows, 500);
      await trx('statusCountsBuilt').insert({ schoolId, version: current.version }).onConflict('schoolId').merge(['version']);
    }),
  );
}

/** Computes again the rows of the trust's schools written since they were last computed. */
async function refreshTrust(db: Db, trustId: number, now: number): Promise<void> {
  const stale: Array<{ id: number | string }> = await db('schools as s')
    .leftJoin('statusCountVersions as v', 'v.schoolId', 's.id')
    .leftJoin('statusCountsBuilt as b', 'b.schoolId', 's.id')
    .where('s.trustId', trustId)
    .where((w) => w.whereNull('v.schoolId').orWhereNull('b.schoolId').orWhereRaw('b.version <> v.version'))
    .select('s.id')
    .orderBy('s.id');
  for (const school of stale) await refreshSchool(db, Number(school.id), now);
}

/**
 * Per school of the trust, its member × course pairs in each status, for every course or one, of
 * everyone or one group's members: trustStatusCountsComputed's answer, from the kept rows.
 */
export async function trustStatusCounts(
  db: Db,
  trustId: number,
  now: number,
  filter: TrustCountsFilter = {},
): Promise<Map<number, Record<TrainingStatus, number>>> {
  const [cutoffs] = await Promise.all([validityCutoffs(db, now), refreshTrust(db, trustId, now)]);
  const today = dayOf(now);
  const expired = cutoffs.length
    ? db.raw(
        `sc.issued_at < (case sc.course_id ${cutoffs.map(() => 'when ? then ?').join(' ')} else 0 end)`,
        cutoffs.flatMap((c) => [c.courseId, c.issuedBefore]),
      )
    : db.raw('0 = 1');
  // The status expression of trainingPairs, over the kept parts.
  const status = db.raw(
    `(case when sc.kind = 'r' and ${expired.toQuery()} then 'in_progress'
      when sc.kind in ('c', 'r') and ${expired.toQuery()} then 'renewal_due'
      when sc.kind in ('c', 'r') then 'completed'
      when sc.due_day < ? then 'overdue'
      when sc.due_day <= ? then 'due_soon'
      when sc.kind = 's' then 'in_progress'
      else 'not_started' end)`,
    [today, today + 7],
  );
  const query = db('statusCounts as sc')
    .join('schools as s', 's.id', 'sc.schoolId')
    .where('s.trustId', trustId)
    .where('sc.groupId', filter.groupId ?? 0)
    .select('sc.schoolId', db.raw(`${status.toQuery()} as status`))
    .sum({ n: 'sc.n' })
    .groupBy('sc.schoolId', db.raw(status.toQuery()));
  if (filter.courseId) query.where('sc.courseId', filter.courseId);
  return countsBySchool((await query) as SchoolStatusCount[]);
}
