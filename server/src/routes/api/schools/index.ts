import {
  memberRemovedDtoSchema,
  messageDtoSchema,
  mySchoolDtoSchema,
  promoteManagerSchema,
  schoolDtoSchema,
  schoolMemberParams,
  schoolMembersDtoSchema,
  schoolParams,
  schoolSchema,
  type MemberRemovedDto,
  type SchoolMembersDto,
  type MessageDto,
} from '@atrium/common';
import { createSchool, leaveSchool, promoteManager } from '../../../commands/schools/membership.ts';
import { canSeeMemberEmails, schoolManager, schoolMemberRemover } from '../../../policies/schools.ts';
import { presentLicensedCourse, presentMySchool, presentSchool, presentSchoolMember } from '../../../presenters/schools.ts';
import { membershipOf } from '../../../queries/memberships.ts';
import { foundSchool, schoolCourses, schoolDomains, schoolProgress } from '../../../queries/schools.ts';
import type { Routes } from '../../define.ts';
import { schoolSubmissionSharingRoutes } from './submissionSharing.ts';
import { schoolInviteRoutes } from './invites.ts';
import { schoolDomainRoutes } from './domains.ts';
import { schoolRegisterRoutes } from './register.ts';
import { schoolDetailsRoutes } from './details.ts';
import { schoolRosterRoutes } from './roster.ts';
import { schoolGroupRoutes } from './groups.ts';
import { schoolCertificateRoutes } from './certificates.ts';
import { deadlineRoutes } from './deadlines.ts';
import { schoolIdentityProviderRoutes } from './identityProvider.ts';
import { schoolInsightsRoutes } from './insights.ts';

/** Schools: membership, the manager's view, invites, domains, the staff roster, the register, deadlines and the members' certificates. */
export function schoolRoutes(routes: Routes): void {
  routes.add({
    method: 'post',
    path: '/api/schools',
    access: 'user',
    body: schoolSchema,
    rateLimit: { limit: 'createSchool', by: 'user' },
    answer: { status: 201, body: schoolDtoSchema },
    async handler(ctx) {
      const { db } = ctx.deps;
      const schoolId = await createSchool(db, ctx.input.body, ctx.state.user.id, ctx.now());
      ctx.status = 201;
      ctx.body = presentSchool(await foundSchool(db, schoolId));
    },
  });

  routes.add({
    method: 'get',
    path: '/api/schools/mine',
    access: 'user',
    cache: 'no-store',
    answer: { body: mySchoolDtoSchema },
    async handler(ctx) {
      const { db } = ctx.deps;
      const membership = await membershipOf(db, ctx.state.user.id);
      if (!membership) {
        ctx.body = presentMySchool(null);
        return;
      }
      const manager = canSeeMemberEmails(membership, membership.schoolId);
      const [school, courses, domains] = await Promise.all([
        foundSchool(db, membership.schoolId),
        schoolCourses(db, membership.schoolId),
        manager ? schoolDomains(db, membership.schoolId) : [],
      ]);
      ctx.body = presentMySchool(membership, school, courses, domains);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/schools/:id/members',
    access: 'user',
    params: schoolParams,
    policy: schoolManager,
    cache: 'no-store',
    answer: { body: schoolMembersDtoSchema },
    async handler(ctx) {
      const { db } = ctx.deps;
      const schoolId = ctx.input.params.id;
      const [school, progress, membership] = await Promise.all([foundSchool(db, schoolId), schoolProgress(db, schoolId), membershipOf(db, ctx.state.user.id)]);
      const viewer = { user: ctx.state.user, membership, schoolId };
      ctx.body = {
        school: presentSchool(school),
        courses: progress.courses.map(presentLicensedCourse),
        members: progress.members.map((member) => presentSchoolMember(member, progress, viewer)),
      } satisfies SchoolMembersDto;
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/schools/:id/members/:userId',
    access: 'user',
    params: schoolMemberParams,
    policy: schoolMemberRemover,
    answer: { body: memberRemovedDtoSchema },
    async handler(ctx) {
      const { id, userId } = ctx.input.params;
      const { left } = await leaveSchool(ctx.deps.db, userId, id);
      ctx.body = { message: left ? 'Removed from the school' : 'Not a member of this school', removed: left } satisfies MemberRemovedDto;
    },
  });

  routes.add({
    method: 'post',
    path: '/api/schools/:id/managers',
    access: 'user',
    params: schoolParams,
    body: promoteManagerSchema,
    policy: schoolManager,
    answer: { body: messageDtoSchema },
    async handler(ctx) {
      await promoteManager(ctx.deps.db, ctx.input.params.id, ctx.input.body.userId);
      ctx.body = { message: 'Promoted to manager' } satisfies MessageDto;
    },
  });

  schoolInviteRoutes(routes);
  schoolDomainRoutes(routes);
  schoolRegisterRoutes(routes);
  schoolRosterRoutes(routes);
  schoolGroupRoutes(routes);
  schoolDetailsRoutes(routes);
  schoolCertificateRoutes(routes);
  deadlineRoutes(routes);
  schoolIdentityProviderRoutes(routes);
  schoolInsightsRoutes(routes);
  schoolSubmissionSharingRoutes(routes);
}
