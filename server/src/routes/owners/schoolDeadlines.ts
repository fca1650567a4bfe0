import {
  deadlineSchema,
  schoolDeadlinesDtoSchema,
  trainingCountsDtoSchema,
  trainingStatusRowDtoSchema,
  schoolCourseParams,
  schoolParams,
  trainingCountsQuery,
  trainingStatusQuery,
  type DeadlineInput,
  type SchoolDeadlinesDto,
  type TrainingCountsDto,
} from '@atrium/common';
import { clearDeadline, setDeadline } from '../../commands/deadlines.ts';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { User } from '../../models/User.ts';
import { presentCourseDeadline, presentTrainingStatus } from '../../presenters/deadlines.ts';
import { presentAssignmentStatus } from '../../presenters/assignments.ts';
import { assignmentResultsOfPairs, schoolSharesSubmissions } from '../../queries/assignments.ts';
import { canSeeSchoolWork } from '../../policies/assignments.ts';
import { schoolDeadlines, schoolTrustName } from '../../queries/deadlines.ts';
import { invitedPeople } from '../../queries/schools.ts';
import { statusCounts, statusPage } from '../../queries/trainingStatus.ts';
import { sendPage, type Routes } from '../define.ts';
import type { OwnerRoutesOptions, OwnerPolicy } from './options.ts';

/** The school's licensed courses with their deadlines (and its trust's), the status counts and how many are invited. */
async function answerDeadlines(ctx: AppContext, schoolId: number): Promise<void> {
  const { db } = ctx.deps;
  const [courses, counts, invited, trustName] = await Promise.all([
    schoolDeadlines(db, schoolId),
    statusCounts(db, schoolId, ctx.now()),
    invitedPeople(db, schoolId),
    schoolTrustName(db, schoolId),
  ]);
  ctx.body = { trustName, courses: courses.map(presentCourseDeadline), counts, invited: invited.length } satisfies SchoolDeadlinesDto;
}

async function answerSetDeadline(ctx: AppContext, user: User, schoolId: number, courseId: number, input: DeadlineInput): Promise<void> {
  await setDeadline(ctx.deps.db, schoolId, courseId, input, user.id, ctx.now());
  ctx.state.log.info({ schoolId, courseId, by: user.id, ...input }, 'deadline set');
  await answerDeadlines(ctx, schoolId);
}

async function answerClearDeadline(ctx: AppContext, user: User, schoolId: number, courseId: number): Promise<void> {
  const removed = await clearDeadline(ctx.deps.db, schoolId, courseId);
  if (removed) ctx.state.log.info({ schoolId, courseId, by: user.id }, 'deadline removed');
  await answerDeadlines(ctx, schoolId);
}

/** The status counts of one course and/or one group's members (the list's other filters). */
async function answerTrainingCounts(ctx: AppContext, schoolId: number, query: z.output<typeof trainingCountsQuery>): Promise<void> {
  ctx.body = { counts: await statusCounts(ctx.deps.db, schoolId, ctx.now(), query) } satisfies TrainingCountsDto;
}

async function answerTrainingStatus(ctx: AppContext, schoolId: number, query: z.output<typeof trainingStatusQuery>): Promise<void> {
  const { db, catalogue } = ctx.deps;
  const page = await statusPage(db, schoolId, ctx.now(), query);
  // Issue 37: courses with assignments say where each member's work stands (one more read).
  const entries = await catalogue.get();
  const assignmentCount = (courseId: number) => entries.courses.get(courseId)?.assignments.length ?? 0;
  const courseIds = [...new Set(page.rows.map((row) => row.courseId))].filter((courseId) => assignmentCount(courseId) > 0);
  const [results, shared] = await Promise.all([
    assignmentResultsOfPairs(
      db,
      page.rows.map((row) => row.userId),
      courseIds,
    ),
    courseIds.length ? schoolSharesSubmissions(db, schoolId) : false,
  ]);
  const showSubmission = canSeeSchoolWork(ctx.state.user, shared);
  sendPage(ctx, {
    rows: page.rows.map((row) => {
      const count = assignmentCount(row.courseId);
      const dto = presentTrainingStatus(row);
      if (!count) return dto;
      const mine = results.filter((result) => result.userId === row.userId && result.courseId === row.courseId);
      return { ...dto, assignment: presentAssignmentStatus(mine, count, showSubmission) };
    }),
    total: page.total,
  });
}

/**
 * A school's deadlines and its staff's training statuses under `base`: the deadlines per licensed
 * course, setting and clearing one, the member × course statuses and their counts. Mounted for
 * the school's managers (api/schools/deadlines.ts) and the agency's admins for any school
 * (api/admin/schoolDeadlines.ts): the routes are the same, only who may call them differs, so the
 * policies are the caller's to give.
 */
export function schoolDeadlineRoutes(
  routes: Routes,
  { base, access, policy, setDeadline }: OwnerRoutesOptions & { setDeadline: OwnerPolicy<{ courseId: number }> },
): void {
  routes.add({
    method: 'get',
    path: `${base}/deadlines`,
    access,
    params: schoolParams,
    policy,
    answer: { body: schoolDeadlinesDtoSchema },
    cache: 'no-store',
    async handler(ctx) {
      await answerDeadlines(ctx, ctx.input.params.id);
    },
  });

  routes.add({
    method: 'put',
    path: `${base}/deadlines/:courseId`,
    access,
    params: schoolCourseParams,
    body: deadlineSchema,
    policy: setDeadline,
    answer: { body: schoolDeadlinesDtoSchema },
    async handler(ctx) {
      await answerSetDeadline(ctx, ctx.state.user, ctx.input.params.id, ctx.input.params.courseId, ctx.input.body);
    },
  });

  routes.add({
    method: 'delete',
    path: `${base}/deadlines/:courseId`,
    access,
    params: schoolCourseParams,
    policy,
    answer: { body: schoolDeadlinesDtoSchema },
    async handler(ctx) {
      await answerClearDeadline(ctx, ctx.state.user, ctx.input.params.id, ctx.input.params.courseId);
    },
  });

  routes.add({
    method: 'get',
    path: `${base}/training-status`,
    access,
    params: schoolParams,
    query: trainingStatusQuery,
    policy,
    answer: { body: z.array(trainingStatusRowDtoSchema), headers: { 'X-Total-Count': 'How many rows match in all (the page holds at most `limit` of them).' } },
    cache: 'no-store',
    async handler(ctx) {
      await answerTrainingStatus(ctx, ctx.input.params.id, ctx.input.query);
    },
  });

  routes.add({
    method: 'get',
    path: `${base}/training-status/counts`,
    access,
    params: schoolParams,
    query: trainingCountsQuery,
    policy,
    answer: { body: trainingCountsDtoSchema },
    cache: 'no-store',
    async handler(ctx) {
      await answerTrainingCounts(ctx, ctx.input.params.id, ctx.input.query);
    },
  });
}
