import { promoteManagerSchema, schoolMemberParams, schoolParams, schoolSchema, type MySchoolDto, type SchoolMembersDto } from '@atrium/common';
import { createSchool, leaveSchool, promoteManager } from '../../../commands/schools/membership.ts';
import { membershipOf } from '../../../commands/schools/shared.ts';
import { canSeeMemberEmails, requireCanRemoveSchoolMember } from '../../../policies/index.ts';
import { DOMAIN_COLUMNS, presentDomain, presentLicensedCourse, presentSchool, presentSchoolMember } from '../../../presenters/schools.ts';
import type { Routes } from '../../define.ts';
import { managedSchool } from './access.ts';
import { schoolCourses, schoolProgress } from '../../../queries/schools.ts';
import { schoolInviteRoutes } from './invites.ts';
import { schoolDomainRoutes } from './domains.ts';
import { schoolRegisterRoutes } from './register.ts';
import { adminSchoolRoutes } from './admin.ts';
import { adminSchoolDomainRoutes } from './adminDomains.ts';
import { schoolDetailsRoutes } from './details.ts';

/** Schools: membership, the manager's view, invites, domains, the register, and the admin side. */
export function schoolRoutes(routes: Routes): void {
  routes.add({
    method: 'post',
    path: '/api/schools',
    access: 'user',
    body: schoolSchema,
    rateLimit: { limit: 'createSchool', by: 'user' },
    async handler(ctx) {
      const { db } = ctx.deps;
      const schoolId = await createSchool(db, ctx.input.body, ctx.state.user.id, ctx.deps.clock.now().getTime());
      ctx.status = 201;
      ctx.body = presentSchool(await db('schools').where({ id: schoolId }).first());
    },
  });

  routes.add({
    method: 'get',
    path: '/api/schools/mine',
    access: 'user',
    async handler(ctx) {
      const { db } = ctx.deps;
      const membership = await membershipOf(db, ctx.state.user.id);
      ctx.set('Cache-Control', 'no-store');
      if (!membership) {
        ctx.body = { school: null, role: null, courses: [], domains: [] } satisfies MySchoolDto;
        return;
      }
      const manager = canSeeMemberEmails(membership, membership.schoolId);
      const [school, courses, domains] = await Promise.all([
        db('schools').where({ id: membership.schoolId }).first(),
        schoolCourses(db, membership.schoolId),
        manager
          ? db('schoolDomains')
              .select(...DOMAIN_COLUMNS)
              .where({ schoolId: membership.schoolId })
              .orderBy('domain')
          : [],
      ]);
      ctx.body = {
        school: presentSchool(school),
        role: membership.role,
        courses: courses.map(presentLicensedCourse),
        domains: domains.map(presentDomain),
      } satisfies MySchoolDto;
    },
  });

  routes.add({
    method: 'get',
    path: '/api/schools/:id/members',
    access: 'user',
    params: schoolParams,
    async handler(ctx) {
      const { db } = ctx.deps;
      const school = await managedSchool(db, ctx.state.user, ctx.input.params.id);
      const progress = await schoolProgress(db, school.id);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = {
        school: presentSchool(school),
        courses: progress.courses.map(presentLicensedCourse),
        members: progress.members.map((member) => presentSchoolMember(member, progress)),
      } satisfies SchoolMembersDto;
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/schools/:id/members/:userId',
    access: 'user',
    params: schoolMemberParams,
    async handler(ctx) {
      const { db } = ctx.deps;
      const { id, userId } = ctx.input.params;
      const membership = await membershipOf(db, ctx.state.user.id);
      requireCanRemoveSchoolMember(ctx.state.user, membership, id, userId);
      const { left } = await leaveSchool(db, userId, id);
      ctx.body = { message: left ? 'Removed from the school' : 'Not a member of this school', removed: left };
    },
  });

  routes.add({
    method: 'post',
    path: '/api/schools/:id/managers',
    access: 'user',
    params: schoolParams,
    body: promoteManagerSchema,
    async handler(ctx) {
      const { db } = ctx.deps;
      const school = await managedSchool(db, ctx.state.user, ctx.input.params.id);
      await promoteManager(db, school.id, ctx.input.body.userId);
      ctx.body = { message: 'Promoted to manager' };
    },
  });

  schoolInviteRoutes(routes);
  schoolDomainRoutes(routes);
  schoolRegisterRoutes(routes);
  adminSchoolRoutes(routes);
  adminSchoolDomainRoutes(routes);
  schoolDetailsRoutes(routes);
}
