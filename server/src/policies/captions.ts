import type { Db } from '../db/knex.ts';
import { notFound, unauthorized } from '../errors.ts';
import type { Module } from '../models/Module.ts';
import type { User } from '../models/User.ts';
import { requireCourseView } from './courseAccess.ts';

interface CaptionPolicyContext {
  deps: { db: Db; catalogue: { module(id: number): Promise<Readonly<Module> | undefined> } };
  state: { user: User | null };
  input: { params: { id: number } };
}

/**
 * `/api/modules/:id/captions…` (reads): the same people who are shown the module's video id, that
 * is enrolled learners (a school licence enrolls its staff) and admins; 404 for no such module.
 */
export async function captionReader(ctx: CaptionPolicyContext): Promise<void> {
  const user = ctx.state.user;
  if (!user) throw unauthorized();
  const module = await ctx.deps.catalogue.module(ctx.input.params.id);
  if (!module) throw notFound('Module not found');
  await requireCourseView(ctx.deps.db, user, module.courseId, 'content');
}
