import { dialectOf, type Db } from '../db/knex.ts';
import { DAY_MS, WEEK_MS, weekStartOf } from '../queries/insights.ts';
import { certificateInForceSql } from '../queries/certificates.ts';

/** How far back the first run (an empty rollup) fills in: the charts show 12 months. */
export const BACKFILL_WEEKS = 54;

// Weeks start on Monday 00:00 UTC; the epoch (1970-01-01) was a Thursday, three days after one.
const weekOf = (db: Db, column: string) => {
  const divide = dialectOf(db) === 'mysql' ? 'div' : '/';
  return `((${column} + ${3 * DAY_MS}) ${divide} ${WEEK_MS}) * ${WEEK_MS} - ${3 * DAY_MS}`;
};

/**
 * Rewrites the weekly rollup (insights_weekly, insights_weekly_revenue) from the current week
 * back to the previous one, or, the first time (an empty rollup), over the last BACKFILL_WEEKS:
 * one transaction, so a chart never reads a half-written week and a second run writes the same
 * rows again. A learner's school is the one they belong to when their week is rolled up.
 *
 * What is counted: an enrollment by its date; a completion by a certificate's completion date
 * (every round, revoked or not: the learner did complete); a certificate by its issue date
 * unless revoked; revenue is card payments (less refunds) by the day they were paid and paid
 * invoice orders (net of VAT), per currency, never converted. Each module's mean resume point
 * (insights_module_positions) is rewritten whole in the same run.
 *
 * Answers the number of rollup rows written.
 */
export async function rollUpInsights(db: Db, now: number): Promise<number> {
  // Read before the transaction: a plain read takes no locks, where reading inside it would hold
  // SQLite's write lock (and, as INSERT … SELECT, MariaDB's shared row locks) through the scan,
  // stalling the learners' progress writes meanwhile.
  const positions = await modulePositions(db);
  return db.transaction(async (trx) => {
    const empty = !(await trx('insightsWeekly').first('weekStart')) && !(await trx('insightsWeeklyRevenue').first('weekStart'));
    const from = weekStartOf(now) - (empty ? BACKFILL_WEEKS : 1) * WEEK_MS;
    await trx('insightsWeekly').where('weekStart', '>=', from).delete();
    await trx('insightsWeeklyRevenue').where('weekStart', '>=', from).delete();
    await trx.raw(
      `insert into insights_weekly (week_start, course_id, school_id, enrollments, completions, certificates)
      select week_start, course_id, school_id, sum(enrollments), sum(completions), sum(certificates) from (
        select ${weekOf(trx, 'e.enrolled_at')} as week_start, e.course_id, coalesce(sm.school_id, 0) as school_id,
          1 as enrollments, 0 as completions, 0 as certificates
        from enrollments e left join school_members sm on sm.user_id = e.user_id where e.enrolled_at >= ?
        union all
        select ${weekOf(trx, 'c.completed_at')}, c.course_id, coalesce(sm.school_id, 0), 0, 1, 0
        from certificates c left join school_members sm on sm.user_id = c.user_id
        where c.completed_at >= ? and c.course_id is not null
        union all
        select ${weekOf(trx, 'c.issued_at')}, c.course_id, coalesce(sm.school_id, 0), 0, 0, 1
        from certificates c left join school_members sm on sm.user_id = c.user_id
        where c.issued_at >= ? and ${certificateInForceSql('c')} and c.course_id is not null
      ) a group by week_start, course_id, school_id`,
      [from, from, from],
    );
    await trx.raw(
      `insert into insights_weekly_revenue (week_start, course_id, school_id, currency, amount)
      select week_start, course_id, school_id, currency, sum(amount) from (
        select ${weekOf(trx, 'p.paid_at')} as week_start, coalesce(p.course_id, 0) as course_id,
          coalesce(p.school_id, sm.school_id, 0) as school_id, upper(p.currency) as currency, p.amount - p.amount_refunded as amount
        from payments p left join school_members sm on sm.user_id = p.user_id
        where p.paid_at >= ? and p.status in ('succeeded', 'refunded')
        union all
        select ${weekOf(trx, 'o.paid_at')}, coalesce(o.course_id, 0), coalesce(o.school_id, sm.school_id, 0), upper(o.currency),
          coalesce(o.invoice_net, o.amount)
        from orders o left join school_members sm on sm.user_id = o.user_id
        where o.paid_at >= ? and o.status = 'paid'
      ) r group by week_start, course_id, school_id, currency`,
      [from, from],
    );
    await trx('insightsModulePositions').delete();
    await trx.batchInsert('insightsModulePositions', positions, 500);
    const [weekly, revenue] = await Promise.all([
      trx('insightsWeekly').where('weekStart', '>=', from).count({ n: '*' }),
      trx('insightsWeeklyRevenue').where('weekStart', '>=', from).count({ n: '*' }),
    ]);
    return Number(weekly[0]?.n ?? 0) + Number(revenue[0]?.n ?? 0) + positions.length;
  });
}

type ModulePosition = { moduleId: number; averagePosition: number; learners: number };

/**
 * Every module's mean resume point (the retention chart's average watch position) over the
 * progress rows of the learners who played some of it, as the chart's viewers are: a module marked
 * complete unplayed has its whole duration as watched seconds but sits at 0:00, and counting it
 * would drag the mean towards the start. One sequential scan of progress. The
 * module_id index would hand the rows over in module order, one random read each (about 60 s at
 * 3 M rows on MariaDB, 10 s on SQLite, against 4 s and 3 s for the scan), so it is set aside.
 */
async function modulePositions(db: Db): Promise<ModulePosition[]> {
  const progress = dialectOf(db) === 'mysql' ? 'progress ignore index (progress_moduleid_index)' : 'progress not indexed';
  const rows = (await db
    .from(db.raw(progress))
    .where('playedSeconds', '>', 0)
    .groupBy('moduleId')
    .select('moduleId')
    .avg({ averagePosition: 'position' })
    .count({ learners: '*' })) as unknown as Array<{ moduleId: number; averagePosition: number | string; learners: number | string }>;
  return rows.map((row) => ({ moduleId: Number(row.moduleId), averagePosition: Number(row.averagePosition), learners: Number(row.learners) }));
}
