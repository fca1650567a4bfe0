import { assignmentAdminDtoSchema, assignmentInputSchema, assignmentParams, assignmentPatchSchema, idParams } from '@atrium/common';
import { z } from 'zod';
import { createAssignment, deleteAssignment, updateAssignment } from '../../../commands/assignments.ts';
import type { AppDeps } from '../../../context.ts';
import { notFound } from '../../../errors.ts';
import { presentAssignmentAdmin } from '../../../presenters/assignments.ts';
import { awaitingCounts, courseAssignment, courseAssignments } from '../../../queries/assignments.ts';
import type { Routes } from '../../define.ts';

async function adminAnswer(deps: AppDeps, courseId: number, assignmentId: number) {
  const [assignment, awaiting] = await Promise.all([courseAssignment(deps.db, courseId, assignmentId), awaitingCounts(deps.db, courseId)]);
  if (!assignment) throw notFound('Assignment not found');
  return presentAssignmentAdmin(assignment, awaiting.get(assignment.id) ?? 0);
}

/** A course's assignments as admins edit them (issue 37): list, create, change, delete. */
export function courseAssignmentRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/courses/:id/assignments',
    access: 'admin',
    answer: { body: z.array(assignmentAdminDtoSchema) },
    cache: 'private, no-store',
    params: idParams,
    async handler(ctx) {
      const courseId = ctx.input.params.id;
      const [course, assignments, awaiting] = await Promise.all([
        ctx.deps.catalogue.course(courseId),
        courseAssignments(ctx.deps.db, courseId),
        awaitingCounts(ctx.deps.db, courseId),
      ]);
      if (!course) throw notFound('Course not found');
      ctx.body = assignments.map((assignment) => presentAssignmentAdmin(assignment, awaiting.get(assignment.id) ?? 0));
    },
  });

  routes.add({
    method: 'post',
    path: '/api/courses/:id/assignments',
    access: 'admin',
    answer: { status: 201, body: assignmentAdminDtoSchema },
    params: idParams,
    body: assignmentInputSchema,
    async handler(ctx) {
      const courseId = ctx.input.params.id;
      const assignmentId = await createAssignment(ctx.deps, courseId, ctx.input.body);
      ctx.status = 201;
      ctx.body = await adminAnswer(ctx.deps, courseId, assignmentId);
    },
  });

  routes.add({
    method: 'patch',
    path: '/api/courses/:id/assignments/:assignmentId',
    access: 'admin',
    answer: { body: assignmentAdminDtoSchema },
    params: assignmentParams,
    body: assignmentPatchSchema,
    async handler(ctx) {
      const { id: courseId, assignmentId } = ctx.input.params;
      await updateAssignment(ctx.deps, courseId, assignmentId, ctx.input.body);
      ctx.body = await adminAnswer(ctx.deps, courseId, assignmentId);
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/courses/:id/assignments/:assignmentId',
    access: 'admin',
    answer: { status: 204 },
    params: assignmentParams,
    async handler(ctx) {
      await deleteAssignment(ctx.deps, ctx.input.params.id, ctx.input.params.assignmentId);
      ctx.status = 204;
    },
  });
}
