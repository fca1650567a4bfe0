import { schoolDtoSchema, schoolParams, schoolUpdateSchema, type SchoolDto } from '@atrium/common';
import { updateSchoolDetails } from '../../../commands/schools/details.ts';
import { schoolManager } from '../../../policies/schools.ts';
import { presentSchool } from '../../../presenters/schools.ts';
import type { Routes } from '../../define.ts';

/** A school's name and country, changed by its managers on /school (an admin's side: admin/schools.ts). */
export function schoolDetailsRoutes(routes: Routes): void {
  routes.add({
    method: 'patch',
    path: '/api/schools/:id',
    access: 'user',
    params: schoolParams,
    body: schoolUpdateSchema,
    policy: schoolManager,
    answer: { body: schoolDtoSchema },
    async handler(ctx) {
      const schoolId = ctx.input.params.id;
      const updated = await updateSchoolDetails(ctx.deps.db, schoolId, ctx.input.body);
      ctx.state.log.info({ schoolId, by: ctx.state.user.id, ...ctx.input.body }, 'school details changed');
      ctx.body = presentSchool(updated) satisfies SchoolDto;
    },
  });
}
