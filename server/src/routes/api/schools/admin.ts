import { listQuery, schoolLicenceParams, schoolLicenceSchema, schoolParams, type AdminSchoolDetailDto, type LicenceSource } from '@atrium/common';
import { licenseSchool, restoreLicence, revokeLicence } from '../../../commands/schools/licences.ts';
import { countRows, toIso, type Db } from '../../../db/knex.ts';
import { notFound } from '../../../errors.ts';
import { presentAdminSchool, presentDomain, DOMAIN_COLUMNS } from '../../../presenters/schools.ts';
import { displayName } from '../../../models/User.ts';
import type { Routes } from '../../define.ts';
import { schoolMemberRows } from '../../../queries/schools.ts';

/** Schools with member and in-force licence counts, one query (counts in derived tables). */
function adminSchoolsQuery(db: Db) {
  const members = db('schoolMembers').select('schoolId').count({ memberCount: '*' }).groupBy('schoolId').as('mc');
  const licences = db('schoolLicences').select('schoolId').count({ licenceCount: '*' }).whereNull('revokedAt').groupBy('schoolId').as('lc');
  return db('schools')
    .leftJoin(members, 'mc.schoolId', 'schools.id')
    .leftJoin(licences, 'lc.schoolId', 'schools.id')
    .select('schools.id', 'schools.name', 'schools.country', 'schools.createdAt', 'mc.memberCount', 'lc.licenceCount');
}

async function schoolDetail(db: Db, schoolId: number): Promise<AdminSchoolDetailDto> {
  const school = await adminSchoolsQuery(db).where('schools.id', schoolId).first();
  if (!school) throw notFound('School not found');
  const [members, licences, domains] = await Promise.all([
    schoolMemberRows(db, schoolId),
    db('schoolLicences as sl')
      .join('courses as c', 'c.id', 'sl.courseId')
      .where('sl.schoolId', schoolId)
      .select('sl.courseId', 'c.title', 'sl.source', 'sl.createdAt', 'sl.revokedAt')
      .orderBy('c.title'),
    db('schoolDomains')
      .select(...DOMAIN_COLUMNS)
      .where({ schoolId })
      .orderBy('domain'),
  ]);
  const approval = await db('schools').select('invitesApprovedAt').where({ id: schoolId }).first();
  return {
    ...presentAdminSchool(school),
    invitesApprovedAt: toIso(approval?.invitesApprovedAt ?? null),
    members: members.map((member) => ({
      userId: member.userId,
      name: displayName(member),
      email: member.email,
      role: member.role,
      joinedAt: toIso(member.joinedAt)!,
    })),
    licences: licences.map((row: { courseId: number; title: string; source: LicenceSource; createdAt: number; revokedAt: number | null }) => ({
      courseId: Number(row.courseId),
      title: row.title,
      source: row.source,
      createdAt: toIso(row.createdAt)!,
      revokedAt: toIso(row.revokedAt),
    })),
    domains: domains.map(presentDomain),
  };
}

export function adminSchoolRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/admin/schools',
    access: 'admin',
    query: listQuery,
    async handler(ctx) {
      const { db } = ctx.deps;
      const { q, limit, offset } = ctx.input.query;
      // LIKE metacharacters typed by the admin match themselves ('!' escapes, on both databases).
      const pattern = `%${q.replace(/[!%_]/g, (c) => `!${c}`)}%`;
      const filter = <T extends ReturnType<Db>>(query: T): T => (q ? (query.whereRaw("?? like ? escape '!'", ['schools.name', pattern]) as T) : query);
      const total = await countRows(filter(db('schools')));
      const rows = await filter(adminSchoolsQuery(db)).orderBy('schools.name').orderBy('schools.id').limit(limit).offset(offset);
      ctx.set('X-Total-Count', String(total));
      ctx.body = rows.map(presentAdminSchool);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/admin/schools/:id',
    access: 'admin',
    params: schoolParams,
    async handler(ctx) {
      ctx.body = await schoolDetail(ctx.deps.db, ctx.input.params.id);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/admin/schools/:id/licences',
    access: 'admin',
    params: schoolParams,
    body: schoolLicenceSchema,
    async handler(ctx) {
      const { db } = ctx.deps;
      await licenseSchool(db, ctx.input.params.id, ctx.input.body.courseId, 'grant', ctx.deps.clock.now().getTime());
      ctx.state.log.info({ schoolId: ctx.input.params.id, courseId: ctx.input.body.courseId, by: ctx.state.user.id }, 'school licence granted');
      ctx.body = await schoolDetail(db, ctx.input.params.id);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/admin/schools/:id/licences/:courseId/revoke',
    access: 'admin',
    params: schoolLicenceParams,
    async handler(ctx) {
      const { db } = ctx.deps;
      await revokeLicence(db, ctx.input.params.id, ctx.input.params.courseId, ctx.deps.clock.now().getTime());
      ctx.state.log.info({ ...ctx.input.params, by: ctx.state.user.id }, 'school licence revoked');
      ctx.body = await schoolDetail(db, ctx.input.params.id);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/admin/schools/:id/licences/:courseId/restore',
    access: 'admin',
    params: schoolLicenceParams,
    async handler(ctx) {
      const { db } = ctx.deps;
      await restoreLicence(db, ctx.input.params.id, ctx.input.params.courseId, ctx.deps.clock.now().getTime());
      ctx.state.log.info({ ...ctx.input.params, by: ctx.state.user.id }, 'school licence restored');
      ctx.body = await schoolDetail(db, ctx.input.params.id);
    },
  });
}
