import { schoolParams, schoolUpdateSchema, type SchoolDto } from '@atrium/common';
import { updateSchoolDetails } from '../../../commands/schools/details.ts';
import { presentSchool } from '../../../presenters/schools.ts';
import type { Routes } from '../../define.ts';
import { managedSchool } from './access.ts';

/** A school's name and country: its managers change them on /school, an admin on /admin/schools/:id. */
export function schoolDetailsRoutes(routes: Routes): void {
  routes.add({
    method: 'patch',
    path: '/api/schools/:id',
    access: 'user',
    params: schoolParams,
    body: schoolUpdateSchema,
    async handler(ctx) {
      const { db } = ctx.deps;
      const school = await managedSchool(db, ctx.state.user, ctx.input.params.id);
      const updated = await updateSchoolDetails(db, school.id, ctx.input.body);
      ctx.state.log.info({ schoolId: school.id, by: ctx.state.user.id, ...ctx.input.body }, 'school details changed');
      ctx.body = presentSchool(updated) satisfies SchoolDto;
    },
  });

  routes.add({
    method: 'patch',
    path: '/api/admin/schools/:id',
    access: 'admin',
    params: schoolParams,
    body: schoolUpdateSchema,
    async handler(ctx) {
      const updated = await updateSchoolDetails(ctx.deps.db, ctx.input.params.id, ctx.input.body);
      ctx.state.log.info({ schoolId: ctx.input.params.id, by: ctx.state.user.id, ...ctx.input.body }, 'school details changed by an admin');
      ctx.body = presentSchool(updated) satisfies SchoolDto;
    },
  });
}
