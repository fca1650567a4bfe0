import { z } from 'zod';
import {
  adminSchoolDetailDtoSchema,
  adminSchoolDtoSchema,
  invitationApprovalDtoSchema,
  invitationApprovalSchema,
  schoolDtoSchema,
  listQuery,
  schoolLicenceParams,
  schoolLicenceSchema,
  schoolParams,
  schoolUpdateSchema,
  type AdminSchoolDetailDto,
  type InvitationApprovalDto,
  type SchoolDto,
} from '@atrium/common';
import { setInvitationApproval, updateSchoolDetails } from '../../../commands/schools/details.ts';
import { licenseSchool, restoreLicence, revokeLicence } from '../../../commands/schools/licences.ts';
import { toIso, type Db } from '../../../db/knex.ts';
import { notFound } from '../../../errors.ts';
import type { AppContext } from '../../../context.ts';
import type { User } from '../../../models/User.ts';
import { presentAdminSchool, presentAdminSchoolDetail, presentSchool } from '../../../presenters/schools.ts';
import { adminSchoolDetail, adminSchoolPage } from '../../../queries/schools.ts';
import { sendPage, type Routes } from '../../define.ts';

/** The admin's page of one school: its members with their addresses, its licences and domains. */
async function schoolDetail(db: Db, schoolId: number): Promise<AdminSchoolDetailDto> {
  const detail = await adminSchoolDetail(db, schoolId);
  if (!detail) throw notFound('School not found');
  return presentAdminSchoolDetail(detail);
}

/** A licence revoked or restored: the change, its log line, and the school's page as it is now. */
async function answerLicenceChange(
  ctx: AppContext & { input: { params: { id: number; courseId: number } }; state: { user: User } },
  change: (db: Db, schoolId: number, courseId: number, now: number) => Promise<void>,
  event: string,
): Promise<void> {
  const { db } = ctx.deps;
  await change(db, ctx.input.params.id, ctx.input.params.courseId, ctx.now());
  ctx.state.log.info({ ...ctx.input.params, by: ctx.state.user.id }, event);
  ctx.body = await schoolDetail(db, ctx.input.params.id);
}

/** Any school, for the agency's admins (/admin/schools): the list, one school, its details, licences and invitation approval. */
export function adminSchoolRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/admin/schools',
    access: 'admin',
    query: listQuery,
    answer: { body: z.array(adminSchoolDtoSchema), headers: { 'X-Total-Count': 'How many schools match in all (the page holds at most `limit`).' } },
    async handler(ctx) {
      const page = await adminSchoolPage(ctx.deps.db, ctx.input.query);
      sendPage(ctx, { rows: page.rows.map(presentAdminSchool), total: page.total });
    },
  });

  routes.add({
    method: 'get',
    path: '/api/admin/schools/:id',
    access: 'admin',
    params: schoolParams,
    answer: { body: adminSchoolDetailDtoSchema },
    async handler(ctx) {
      ctx.body = await schoolDetail(ctx.deps.db, ctx.input.params.id);
    },
  });

  routes.add({
    method: 'patch',
    path: '/api/admin/schools/:id',
    access: 'admin',
    params: schoolParams,
    body: schoolUpdateSchema,
    answer: { body: schoolDtoSchema },
    async handler(ctx) {
      const updated = await updateSchoolDetails(ctx.deps.db, ctx.input.params.id, ctx.input.body);
      ctx.state.log.info({ schoolId: ctx.input.params.id, by: ctx.state.user.id, ...ctx.input.body }, 'school details changed by an admin');
      ctx.body = presentSchool(updated) satisfies SchoolDto;
    },
  });

  routes.add({
    method: 'post',
    path: '/api/admin/schools/:id/licences',
    access: 'admin',
    params: schoolParams,
    body: schoolLicenceSchema,
    answer: { body: adminSchoolDetailDtoSchema },
    async handler(ctx) {
      const { db } = ctx.deps;
      await licenseSchool(db, ctx.input.params.id, ctx.input.body.courseId, 'grant', ctx.now());
      ctx.state.log.info({ schoolId: ctx.input.params.id, courseId: ctx.input.body.courseId, by: ctx.state.user.id }, 'school licence granted');
      ctx.body = await schoolDetail(db, ctx.input.params.id);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/admin/schools/:id/licences/:courseId/revoke',
    access: 'admin',
    params: schoolLicenceParams,
    answer: { body: adminSchoolDetailDtoSchema },
    async handler(ctx) {
      await answerLicenceChange(ctx, revokeLicence, 'school licence revoked');
    },
  });

  routes.add({
    method: 'post',
    path: '/api/admin/schools/:id/licences/:courseId/restore',
    access: 'admin',
    params: schoolLicenceParams,
    answer: { body: adminSchoolDetailDtoSchema },
    async handler(ctx) {
      await answerLicenceChange(ctx, restoreLicence, 'school licence restored');
    },
  });

  routes.add({
    method: 'post',
    path: '/api/admin/schools/:id/invitations-approval',
    access: 'admin',
    params: schoolParams,
    body: invitationApprovalSchema,
    answer: { body: invitationApprovalDtoSchema },
    async handler(ctx) {
      const schoolId = ctx.input.params.id;
      const approvedAt = ctx.input.body.approved ? ctx.now() : null;
      if (!(await setInvitationApproval(ctx.deps.db, schoolId, approvedAt))) throw notFound('School not found');
      ctx.state.log.info({ schoolId, approved: ctx.input.body.approved, by: ctx.state.user.id }, 'school invitation approval changed');
      ctx.body = {
        message: ctx.input.body.approved ? 'This school may now send invitations without a licence' : 'Invitations now need a licence again',
        invitesApprovedAt: toIso(approvedAt),
      } satisfies InvitationApprovalDto;
    },
  });
}
