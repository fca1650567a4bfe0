import type {
  AssignmentAdminDto,
  AssignmentDto,
  CourseDetailDto,
  ReviewCountsDto,
  ReviewQueueItemDto,
  SubmissionDto,
  SubmissionReviewDto,
  SubmitResultDto,
} from '@atrium/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/client.ts';
import { attachFile, createAssignment, PHOTO_ASSIGNMENT } from '../../../test/assignments.ts';
import { submissionBytesOf } from '../../../queries/assignments.ts';
import { createAdmin, createCourse, createModule, createUser, enroll, signIn, type UserRow } from '../../../test/factories.ts';
import { pdfBytes } from '../../../test/files.ts';
import { schoolWithManager } from '../../../test/schools.ts';
import { createTestServer, type TestServer } from '../../../test/server.ts';

let server: TestServer;
let admin: TestClient;
let adminUser: UserRow;

beforeAll(async () => {
  server = await createTestServer();
  admin = server.client();
  adminUser = await createAdmin(server.db, { firstName: 'Ada', lastName: 'Reviewer' });
  await signIn(admin, adminUser);
});
afterAll(async () => {
  await server.close();
});

async function learnerIn(courseId: number | null): Promise<{ client: TestClient; user: UserRow }> {
  const user = await createUser(server.db, { firstName: 'Lena', lastName: 'Learner' });
  if (courseId !== null) await enroll(server.db, user.id, courseId);
  const client = server.client();
  await signIn(client, user);
  return { client, user };
}

async function courseWithAssignment(input: Partial<typeof PHOTO_ASSIGNMENT> = {}, modules = 1) {
  const course = await createCourse(server);
  const moduleRows = [];
  for (let i = 0; i < modules; i += 1) moduleRows.push(await createModule(server, course.id));
  const assignment = await createAssignment(admin, course.id, input);
  return { course, modules: moduleRows, assignment };
}

const completeModule = (client: TestClient, module: { id: number; courseId: number; duration: number }) =>
  client.post('/api/progress', { moduleId: module.id, courseId: module.courseId, watchedDuration: module.duration, isCompleted: true });

const mailTo = (email: string) => server.db('outbox').where({ toAddress: email }).orderBy('id');

describe('admin: assignments of a course', () => {
  it('creates, lists, changes and deletes an assignment, which becomes a step of the course', async () => {
    const { course, modules, assignment } = await courseWithAssignment({ afterModuleId: null });
    expect(assignment).toMatchObject({
      title: PHOTO_ASSIGNMENT.title,
      accepts: ['image', 'pdf', 'link'],
      maxFiles: 3,
      approvalRequired: true,
      awaitingCount: 0,
    });
    const second = await createModule(server, course.id);
    const moved = await admin.patch<AssignmentAdminDto>(`/api/courses/${course.id}/assignments/${assignment.id}`, {
      afterModuleId: modules[0]!.id,
      maxFiles: 5,
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ afterModuleId: modules[0]!.id, maxFiles: 5, title: PHOTO_ASSIGNMENT.title });

    const { client } = await learnerIn(course.id);
    const detail = (await client.get<CourseDetailDto>(`/api/courses/${course.id}`)).body;
    expect(detail.steps.map((step) => `${step.kind}:${step.id}`)).toEqual([`video:${modules[0]!.id}`, `assignment:${assignment.id}`, `video:${second.id}`]);
    expect(detail.steps[1]).toMatchObject({ kind: 'assignment', status: 'not_started', isCompleted: false, approvalRequired: true });
    expect(detail.totalSteps).toBe(3);

    const list = await admin.get<AssignmentAdminDto[]>(`/api/courses/${course.id}/assignments`);
    expect(list.body.map((entry) => entry.id)).toEqual([assignment.id]);
    expect((await admin.delete(`/api/courses/${course.id}/assignments/${assignment.id}`)).status).toBe(204);
    expect((await admin.get<AssignmentAdminDto[]>(`/api/courses/${course.id}/assignments`)).body).toEqual([]);
    expect((await client.get<CourseDetailDto>(`/api/courses/${course.id}`)).body.steps.map((step) => step.kind)).toEqual(['video', 'video']);
    expect((await client.get(`/api/assignments/${assignment.id}`)).status).toBe(404);
  });

  it('refuses bad input with a 400 naming the field, writing nothing', async () => {
    const course = await createCourse(server);
    const other = await createCourse(server);
    const otherModule = await createModule(server, other.id);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...PHOTO_ASSIGNMENT, title: '' }, 'title'],
      [{ ...PHOTO_ASSIGNMENT, title: 'x'.repeat(201) }, 'title'],
      [{ ...PHOTO_ASSIGNMENT, instructions: '' }, 'instructions'],
      [{ ...PHOTO_ASSIGNMENT, instructions: 'x'.repeat(10_001) }, 'instructions'],
      [{ ...PHOTO_ASSIGNMENT, accepts: [] }, 'accepts'],
      [{ ...PHOTO_ASSIGNMENT, accepts: ['image', 'svg'] }, 'accepts.1'],
      [{ ...PHOTO_ASSIGNMENT, accepts: ['image', 'image'] }, 'accepts'],
      [{ ...PHOTO_ASSIGNMENT, maxFiles: 0 }, 'maxFiles'],
      [{ ...PHOTO_ASSIGNMENT, maxFiles: 21 }, 'maxFiles'],
      [{ ...PHOTO_ASSIGNMENT, approvalRequired: 'yes' }, 'approvalRequired'],
      [{ ...PHOTO_ASSIGNMENT, afterModuleId: otherModule.id }, 'afterModuleId'],
      // An unknown field is refused for the whole body ("Not expected here: extra").
      [{ ...PHOTO_ASSIGNMENT, extra: 1 }, 'body'],
    ];
    for (const [body, field] of cases) {
      const response = await admin.post(`/api/courses/${course.id}/assignments`, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(Object.keys(response.body.errors ?? {}), field).toContain(field);
    }
    expect((await admin.post('/api/courses/999999/assignments', PHOTO_ASSIGNMENT)).status).toBe(404);
    expect(await server.db('assignments').where({ courseId: course.id })).toEqual([]);
    const created = await createAssignment(admin, course.id);
    expect((await admin.patch(`/api/courses/${course.id}/assignments/${created.id}`, {})).status).toBe(400);
    expect((await admin.patch(`/api/courses/${other.id}/assignments/${created.id}`, { title: 'Moved' })).status).toBe(404);
  });
});

describe('learner: draft, submit, review rounds', () => {
  it('runs changes-requested then approval, keeps earlier rounds with their files, mails each decision and issues the certificate on approval', async () => {
    const { course, modules, assignment } = await courseWithAssignment();
    const { client, user } = await learnerIn(course.id);
    await server.db('users').where({ id: user.id }).update({ emailVerifiedAt: Date.now() });
    expect((await completeModule(client, modules[0]!)).body).toMatchObject({ courseCompleted: false, assignmentsPending: true });

    const first = await attachFile(server, user.id, assignment.id, { name: 'assembly.png' });
    await attachFile(server, user.id, assignment.id, { kind: 'pdf', name: 'consent.pdf' });
    const draft = await client.patch<SubmissionDto>(`/api/assignments/${assignment.id}/draft`, {
      note: 'Two photos from assembly',
      link: 'https://example.org/album',
    });
    expect(draft.status).toBe(200);
    expect(draft.body).toMatchObject({ status: 'draft', round: 1, note: 'Two photos from assembly', link: 'https://example.org/album' });
    expect(draft.body.files.map((file) => file.originalName)).toEqual(['assembly.png', 'consent.pdf']);

    const stepOf = async () => (await client.get<CourseDetailDto>(`/api/courses/${course.id}`)).body;
    expect((await stepOf()).steps[1]).toMatchObject({ status: 'draft', isCompleted: false });

    const submitted = await client.post<SubmitResultDto>(`/api/assignments/${assignment.id}/submit`);
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ courseCompleted: false, certificateNumber: null, submission: { status: 'submitted', round: 1 } });
    expect((await stepOf()).steps[1]).toMatchObject({ status: 'submitted', isCompleted: false });
    expect((await stepOf()).progressPercentage).toBe(50);
    // Awaiting review: no new draft, no second submit.
    expect((await client.patch(`/api/assignments/${assignment.id}/draft`, { note: 'more' })).status).toBe(409);
    expect((await client.post(`/api/assignments/${assignment.id}/submit`)).status).toBe(409);

    const queue = await admin.get<ReviewQueueItemDto[]>(`/api/admin/reviews?courseId=${course.id}`);
    expect(queue.headers.get('x-total-count')).toBe('1');
    expect(queue.body[0]).toMatchObject({ submissionId: submitted.body.submission.id, fileCount: 2, hasLink: true, learner: { id: user.id } });
    expect((await admin.get<ReviewCountsDto>(`/api/admin/reviews/counts?courseId=${course.id}`)).body).toEqual({
      awaiting: 1,
      changesRequested: 0,
      approved: 0,
    });

    const id = submitted.body.submission.id;
    const noFeedback = await admin.post(`/api/admin/reviews/${id}`, { decision: 'changes' });
    expect(noFeedback.status).toBe(400);
    expect(noFeedback.body.errors).toHaveProperty('feedback');
    const strangerFile = await admin.post(`/api/admin/reviews/${id}`, {
      decision: 'changes',
      feedback: 'Blur the faces',
      files: [{ fileId: 999999, feedback: 'x' }],
    });
    expect(strangerFile.status).toBe(400);
    expect((await server.db('submissions').where({ id }).first())?.status).toBe('submitted');

    const changes = await admin.post<SubmissionDto>(`/api/admin/reviews/${id}`, {
      decision: 'changes',
      feedback: 'Blur the faces in the first photo',
      files: [{ fileId: first.fileId, feedback: 'A child is recognisable here' }],
    });
    expect(changes.status).toBe(200);
    expect(changes.body).toMatchObject({ status: 'changes_requested', feedback: 'Blur the faces in the first photo', reviewerName: 'Ada Reviewer' });
    expect(changes.body.files.find((file) => file.id === first.fileId)?.feedback).toBe('A child is recognisable here');
    expect((await admin.post(`/api/admin/reviews/${id}`, { decision: 'approve' })).status).toBe(409);
    expect((await stepOf()).steps[1]).toMatchObject({ status: 'changes_requested', isCompleted: false });
    const [changesMail] = await mailTo(user.email);
    expect(changesMail?.subject).toContain('Changes asked');
    expect(changesMail?.text).toContain('Blur the faces in the first photo');

    // Round 2 starts with round 1's files and link carried over, each with the reviewer's note on it
    // from round 1 (the note for the reviewer is the learner's to write again); round 1 keeps its own.
    const reopened = (await client.get<AssignmentDto>(`/api/assignments/${assignment.id}`)).body;
    expect(reopened.draft).toMatchObject({ round: 2, status: 'draft', note: null, link: 'https://example.org/album' });
    expect(reopened.draft!.files.map((file) => [file.originalName, file.feedback, file.earlierFeedback])).toEqual([
      ['assembly.png', null, 'A child is recognisable here'],
      ['consent.pdf', null, null],
    ]);
    expect((await stepOf()).steps[1]).toMatchObject({ status: 'changes_requested' });
    // A carried file is removed from the draft only: round 1 keeps it, and its bytes are counted once.
    const carried = reopened.draft!.files[0]!;
    expect((await client.delete(`/api/assignments/${assignment.id}/draft/files/${carried.id}`)).status).toBe(204);
    expect((await client.get(`/api/submission-files/${first.fileId}`)).status).toBe(200);
    await attachFile(server, user.id, assignment.id, { name: 'assembly-blurred.png' });
    const view = (await client.get<AssignmentDto>(`/api/assignments/${assignment.id}`)).body;
    expect(view.draft!.files.map((file) => file.originalName)).toEqual(['consent.pdf', 'assembly-blurred.png']);
    expect(view.rounds.map((round) => [round.round, round.status, round.files.length])).toEqual([[1, 'changes_requested', 2]]);
    const stored = await server.db('storedFiles').whereIn('id', server.db('submissionFiles').select('fileId')).sum({ bytes: 'size' }).first();
    expect(await submissionBytesOf(server.db, user.id)).toBe(Number(stored?.bytes));

    const second = await client.post<SubmitResultDto>(`/api/assignments/${assignment.id}/submit`);
    expect(second.body.submission).toMatchObject({ round: 2, status: 'submitted' });
    const review = await admin.get<SubmissionReviewDto>(`/api/admin/reviews/${second.body.submission.id}`);
    expect(review.body).toMatchObject({
      learner: { id: user.id, email: user.email },
      course: { id: course.id },
      assignment: { id: assignment.id, approvalRequired: true },
    });
    expect(review.body.earlierRounds.map((round) => round.round)).toEqual([1]);

    const approved = await admin.post<SubmissionDto>(`/api/admin/reviews/${second.body.submission.id}`, { decision: 'approve', feedback: 'Well done' });
    expect(approved.body.status).toBe('approved');
    const certificate = await server.db('certificates').where({ userId: user.id, courseId: course.id }).first();
    expect(certificate).toBeDefined();
    const detail = await stepOf();
    expect(detail.steps[1]).toMatchObject({ status: 'approved', isCompleted: true });
    expect(detail.progressPercentage).toBe(100);
    const mails = await mailTo(user.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toContain('approved');
    expect(mails[1]!.text).toContain(certificate!.certificateNumber);
    // Approved work is done: nothing more to submit.
    expect((await client.patch(`/api/assignments/${assignment.id}/draft`, { note: 'again' })).status).toBe(409);
  });

  it('mails a decision only to an address its owner proved (it carries the reviewer’s words); the feedback is on the page either way', async () => {
    const { course, assignment } = await courseWithAssignment();
    const { client, user } = await learnerIn(course.id);
    await attachFile(server, user.id, assignment.id);
    const submitted = await client.post<SubmitResultDto>(`/api/assignments/${assignment.id}/submit`);
    expect((await admin.post(`/api/admin/reviews/${submitted.body.submission.id}`, { decision: 'changes', feedback: 'Sign the form' })).status).toBe(200);
    expect(await mailTo(user.email)).toEqual([]);
    expect((await client.get<AssignmentDto>(`/api/assignments/${assignment.id}`)).body.rounds[0]).toMatchObject({ feedback: 'Sign the form' });
  });

  it('without approval, submitting completes the step and issues the certificate when it is the last one; it cannot be withdrawn', async () => {
    const { course, modules, assignment } = await courseWithAssignment({ approvalRequired: false, accepts: ['link'] });
    const { client, user } = await learnerIn(course.id);
    await completeModule(client, modules[0]!);
    expect((await client.post(`/api/assignments/${assignment.id}/submit`)).status).toBe(400);
    expect((await client.patch(`/api/assignments/${assignment.id}/draft`, { link: 'javascript:alert(1)' })).status).toBe(400);
    expect((await client.patch(`/api/assignments/${assignment.id}/draft`, { link: 'https://example.org/podcast' })).status).toBe(200);
    const submitted = await client.post<SubmitResultDto>(`/api/assignments/${assignment.id}/submit`);
    expect(submitted.body.courseCompleted).toBe(true);
    expect(submitted.body.certificateNumber).toMatch(/^ATR-/);
    expect((await client.post(`/api/assignments/${assignment.id}/withdraw`)).status).toBe(409);
    expect((await server.db('certificates').where({ userId: user.id, courseId: course.id })).length).toBe(1);
  });

  it('the last module completed after an approval issues the certificate (progress path)', async () => {
    const { course, modules, assignment } = await courseWithAssignment({}, 2);
    const { client, user } = await learnerIn(course.id);
    await completeModule(client, modules[0]!);
    await attachFile(server, user.id, assignment.id);
    const submitted = await client.post<SubmitResultDto>(`/api/assignments/${assignment.id}/submit`);
    const approved = await admin.post(`/api/admin/reviews/${submitted.body.submission.id}`, { decision: 'approve' });
    expect(approved.status).toBe(200);
    expect(await server.db('certificates').where({ userId: user.id, courseId: course.id })).toHaveLength(0);
    const last = await completeModule(client, modules[1]!);
    expect(last.body).toMatchObject({ courseCompleted: true, certificateNumber: expect.stringMatching(/^ATR-/) });
  });

  it('refuses link, file and count rules at submit with 400, and takes a removed file out of storage', async () => {
    const { course, assignment } = await courseWithAssignment({ accepts: ['image'], maxFiles: 1 });
    const { client, user } = await learnerIn(course.id);
    expect((await client.patch(`/api/assignments/${assignment.id}/draft`, { link: 'https://example.org' })).status).toBe(400);
    expect((await client.patch(`/api/assignments/${assignment.id}/draft`, { note: 'x'.repeat(2001) })).status).toBe(400);
    const file = await attachFile(server, user.id, assignment.id);
    // An admin lowering the limit / changing the kinds after the upload: submit re-checks.
    await admin.patch(`/api/courses/${course.id}/assignments/${assignment.id}`, { accepts: ['pdf'] });
    const wrongKind = await client.post(`/api/assignments/${assignment.id}/submit`);
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.errors).toHaveProperty('files');
    await admin.patch(`/api/courses/${course.id}/assignments/${assignment.id}`, { accepts: ['image'] });

    expect((await client.delete(`/api/assignments/${assignment.id}/draft/files/999999`)).status).toBe(404);
    expect((await client.delete(`/api/assignments/${assignment.id}/draft/files/${file.fileId}`)).status).toBe(204);
    await expect.poll(() => server.app.deps.storage.size(file.key)).toBeNull();
    expect(await server.db('storedFiles').where({ storageKey: file.key })).toHaveLength(0);
    const empty = await client.post(`/api/assignments/${assignment.id}/submit`);
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toHaveProperty('files');
  });

  it('withdraws a round awaiting review; reviewing it then is a 409 saying it was withdrawn', async () => {
    const { course, assignment } = await courseWithAssignment();
    const { client, user } = await learnerIn(course.id);
    await attachFile(server, user.id, assignment.id);
    const never = (await server.db('submissions').where({ userId: user.id }).first())!;
    const unsent = await admin.post(`/api/admin/reviews/${never.id}`, { decision: 'approve' });
    expect(unsent.status).toBe(409);
    expect(unsent.body.message).toBe('This submission has not been submitted');

    const submitted = await client.post<SubmitResultDto>(`/api/assignments/${assignment.id}/submit`);
    const withdrawn = await client.post<SubmissionDto>(`/api/assignments/${assignment.id}/withdraw`);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toMatchObject({ id: submitted.body.submission.id, status: 'draft', submittedAt: null });
    expect(withdrawn.body.withdrawnAt).not.toBeNull();
    expect(withdrawn.body.files).toHaveLength(1);
    const review = await admin.post(`/api/admin/reviews/${submitted.body.submission.id}`, { decision: 'approve' });
    expect(review.status).toBe(409);
    expect(review.body.message).toBe('This submission was withdrawn');
    expect(await server.db('assignmentResults').where({ userId: user.id })).toEqual([]);
    expect((await client.post(`/api/assignments/${assignment.id}/withdraw`)).status).toBe(409);
    // Submitted again, it is the same round.
    expect((await client.post<SubmitResultDto>(`/api/assignments/${assignment.id}/submit`)).body.submission).toMatchObject({ round: 1, status: 'submitted' });
  });
});

describe('who may see and write what', () => {
  it('a learner without access to the course cannot read, write or submit (403); unknown is 404; a non-admin cannot review', async () => {
    const { course, assignment } = await courseWithAssignment();
    const { client } = await learnerIn(null);
    expect((await client.get(`/api/assignments/${assignment.id}`)).status).toBe(403);
    expect((await client.patch(`/api/assignments/${assignment.id}/draft`, { note: 'hi' })).status).toBe(403);
    expect((await client.post(`/api/assignments/${assignment.id}/submit`)).status).toBe(403);
    expect((await client.get('/api/assignments/999999')).status).toBe(404);
    const { client: enrolled, user } = await learnerIn(course.id);
    await attachFile(server, user.id, assignment.id);
    const submitted = await enrolled.post<SubmitResultDto>(`/api/assignments/${assignment.id}/submit`);
    expect((await enrolled.post(`/api/admin/reviews/${submitted.body.submission.id}`, { decision: 'approve' })).status).toBe(403);
    expect((await enrolled.get('/api/admin/reviews')).status).toBe(403);
    expect((await server.client().get(`/api/assignments/${assignment.id}`)).status).toBe(401);
  });

  it('an unsent draft and its files are the learner’s alone: 404 to admins and to managers while sharing is on', async () => {
    const { course, assignment } = await courseWithAssignment({ accepts: ['pdf'] });
    const school = await schoolWithManager(server);
    await school.client.patch(`/api/schools/${school.schoolId}/submission-sharing`, { managersSeeSubmissions: true });
    const { client, user } = await learnerIn(course.id);
    await server.db('schoolMembers').insert({ schoolId: school.schoolId, userId: user.id, role: 'member', joinedAt: Date.now() });
    const file = await attachFile(server, user.id, assignment.id, { kind: 'pdf', name: 'half-written.pdf' });
    const paths = [`/api/submissions/${file.submissionId}`, `/api/submission-files/${file.fileId}`];
    const statuses = async (who: TestClient) => Promise.all(paths.map(async (path) => (await who.get(path)).status));

    expect(await statuses(client)).toEqual([200, 200]);
    expect(await statuses(admin)).toEqual([404, 404]);
    expect(await statuses(school.client)).toEqual([404, 404]);
    expect((await admin.get(`/api/admin/reviews/${file.submissionId}`)).status).toBe(404);

    // Once sent it is theirs to see; withdrawn, it is a draft again.
    await client.post(`/api/assignments/${assignment.id}/submit`);
    expect(await statuses(admin)).toEqual([200, 200]);
    expect(await statuses(school.client)).toEqual([200, 200]);
    await client.post(`/api/assignments/${assignment.id}/withdraw`);
    expect(await statuses(admin)).toEqual([404, 404]);
    expect(await statuses(school.client)).toEqual([404, 404]);
  });

  it('an admin enrolled in a course cannot review their own work (403); another admin can', async () => {
    const { course, assignment } = await courseWithAssignment();
    const learningAdmin = await createAdmin(server.db);
    await enroll(server.db, learningAdmin.id, course.id);
    const own = server.client();
    await signIn(own, learningAdmin);
    await attachFile(server, learningAdmin.id, assignment.id);
    const submitted = await own.post<SubmitResultDto>(`/api/assignments/${assignment.id}/submit`);
    const id = submitted.body.submission.id;
    const refused = await own.post(`/api/admin/reviews/${id}`, { decision: 'approve' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/cannot review your own work/);
    expect(await server.db('submissions').where({ id }).first()).toMatchObject({ status: 'submitted', reviewerId: null });
    expect((await admin.post(`/api/admin/reviews/${id}`, { decision: 'approve' })).status).toBe(200);
  });

  it('a submission and its files: learner, admin, and same-school managers only while sharing is on; 404 for everyone else', async () => {
    const { course, assignment } = await courseWithAssignment({ accepts: ['pdf'] });
    const school = await schoolWithManager(server);
    const otherSchool = await schoolWithManager(server, 'Other Primary');
    const { client, user } = await learnerIn(course.id);
    await server.db('schoolMembers').insert({ schoolId: school.schoolId, userId: user.id, role: 'member', joinedAt: Date.now() });
    const { client: other } = await learnerIn(course.id);
    const bytes = pdfBytes('a learner’s consent form');
    const file = await attachFile(server, user.id, assignment.id, { kind: 'pdf', name: 'consent "form".pdf', bytes });
    const submitted = await client.post<SubmitResultDto>(`/api/assignments/${assignment.id}/submit`);
    const id = submitted.body.submission.id;
    const paths = [`/api/submissions/${id}`, `/api/submission-files/${file.fileId}`];
    const statuses = async (who: TestClient) => Promise.all(paths.map(async (path) => (await who.get(path)).status));

    expect(await statuses(client)).toEqual([200, 200]);
    expect(await statuses(admin)).toEqual([200, 200]);
    expect(await statuses(other)).toEqual([404, 404]);
    expect(await statuses(school.client)).toEqual([404, 404]);
    expect(await statuses(otherSchool.client)).toEqual([404, 404]);
    expect(await statuses(server.client())).toEqual([401, 401]);
    expect((await client.get<AssignmentDto>(`/api/assignments/${assignment.id}`)).body.managersCanSee).toBe(false);

    // Only the school's own managers may turn sharing on.
    expect((await client.patch(`/api/schools/${school.schoolId}/submission-sharing`, { managersSeeSubmissions: true })).status).toBe(403);
    expect((await otherSchool.client.patch(`/api/schools/${school.schoolId}/submission-sharing`, { managersSeeSubmissions: true })).status).toBe(403);
    expect((await school.client.patch(`/api/schools/${school.schoolId}/submission-sharing`, { managersSeeSubmissions: 'yes' })).status).toBe(400);
    const on = await school.client.patch(`/api/schools/${school.schoolId}/submission-sharing`, { managersSeeSubmissions: true });
    expect(on.body).toEqual({ managersSeeSubmissions: true });
    expect(await statuses(school.client)).toEqual([200, 200]);
    expect(await statuses(otherSchool.client)).toEqual([404, 404]);
    expect(await statuses(other)).toEqual([404, 404]);
    expect((await client.get<AssignmentDto>(`/api/assignments/${assignment.id}`)).body.managersCanSee).toBe(true);
    expect((await school.client.get('/api/schools/mine')).body).toMatchObject({ managersSeeSubmissions: true });

    // The manager's status list shows where the work stands, with the round while sharing is on.
    const row = async () =>
      (
        (await school.client.get(`/api/schools/${school.schoolId}/training-status?courseId=${course.id}`)).body as Array<{
          userId: number;
          assignment?: unknown;
        }>
      ).find((entry) => entry.userId === user.id);
    await server.db('schoolLicences').insert({ schoolId: school.schoolId, courseId: course.id, source: 'grant', createdAt: Date.now() });
    expect((await row())?.assignment).toEqual({ status: 'awaiting_review', submissionId: id });
    await admin.post(`/api/admin/reviews/${id}`, { decision: 'changes', feedback: 'Sign it' });
    expect((await row())?.assignment).toEqual({ status: 'changes_requested', submissionId: id });
    await school.client.patch(`/api/schools/${school.schoolId}/submission-sharing`, { managersSeeSubmissions: false });
    expect((await row())?.assignment).toEqual({ status: 'changes_requested', submissionId: null });
    expect(await statuses(school.client)).toEqual([404, 404]);

    // The file itself: inline by default, a download on request, never sniffed or run, ranges for players.
    const whole = await client.get(`/api/submission-files/${file.fileId}`);
    expect(whole.headers.get('content-type')).toBe('application/pdf');
    expect(whole.headers.get('content-disposition')).toMatch(/^inline; filename="consent %22form%22.pdf"|^inline; filename=/);
    expect(whole.headers.get('x-content-type-options')).toBe('nosniff');
    expect(whole.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(whole.headers.get('cache-control')).toBe('private, no-store');
    expect(whole.text).toBe(bytes.toString('utf8'));
    expect((await client.get(`/api/submission-files/${file.fileId}?download=1`)).headers.get('content-disposition')).toMatch(/^attachment;/);
    const part = await client.get(`/api/submission-files/${file.fileId}`, { range: 'bytes=0-7' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-7/${bytes.length}`);
    expect(part.text).toBe('%PDF-1.4');
    const outside = await client.get(`/api/submission-files/${file.fileId}`, { range: `bytes=${bytes.length + 10}-` });
    expect(outside.status).toBe(416);
    expect((await client.get(`/api/submission-files/${file.fileId}?download=yes`)).status).toBe(400);
  });
});

describe('course deletion', () => {
  it('deletes the assignments, their rounds and the stored files', async () => {
    const { course, assignment } = await courseWithAssignment();
    const { user } = await learnerIn(course.id);
    const file = await attachFile(server, user.id, assignment.id);
    expect((await admin.delete(`/api/courses/${course.id}`)).status).toBe(200);
    expect(await server.db('submissions').where({ assignmentId: assignment.id })).toEqual([]);
    expect(await server.db('assignments').where({ id: assignment.id })).toEqual([]);
    await expect.poll(() => server.app.deps.storage.size(file.key)).toBeNull();
  });
});

describe('the review queue', () => {
  it('lists submitted rounds the longest waiting first, filtered by course, school and status, with counts and pages', async () => {
    const { course, assignment } = await courseWithAssignment();
    const oak = await schoolWithManager(server, 'Oak Primary');
    const elm = await schoolWithManager(server, 'Elm Primary');
    const submitFrom = async (schoolId: number) => {
      const { client, user } = await learnerIn(course.id);
      await server.db('schoolMembers').insert({ schoolId, userId: user.id, role: 'member', joinedAt: Date.now() });
      await attachFile(server, user.id, assignment.id);
      const submitted = await client.post<SubmitResultDto>(`/api/assignments/${assignment.id}/submit`);
      server.clock.advance(60_000);
      return submitted.body.submission.id;
    };
    const first = await submitFrom(oak.schoolId);
    const second = await submitFrom(elm.schoolId);
    const third = await submitFrom(oak.schoolId);
    const ids = async (query: string) => {
      const response = await admin.get<ReviewQueueItemDto[]>(`/api/admin/reviews?courseId=${course.id}${query}`);
      expect(response.status).toBe(200);
      return { ids: response.body.map((item) => item.submissionId), total: response.headers.get('x-total-count'), body: response.body };
    };
    expect((await ids('')).ids).toEqual([first, second, third]);
    const oakOnly = await ids(`&schoolId=${oak.schoolId}`);
    expect(oakOnly.ids).toEqual([first, third]);
    expect(oakOnly.body[0]!.school).toEqual({ id: oak.schoolId, name: 'Oak Primary' });
    expect(await ids('&limit=1&offset=1')).toMatchObject({ ids: [second], total: '3' });
    await admin.post(`/api/admin/reviews/${second}`, { decision: 'changes', feedback: 'Crop it' });
    await admin.post(`/api/admin/reviews/${third}`, { decision: 'approve' });
    expect((await ids('&status=changes_requested')).ids).toEqual([second]);
    expect((await ids('&status=approved')).ids).toEqual([third]);
    expect((await admin.get<ReviewCountsDto>(`/api/admin/reviews/counts?courseId=${course.id}`)).body).toEqual({
      awaiting: 1,
      changesRequested: 1,
      approved: 1,
    });
    expect((await admin.get<ReviewCountsDto>(`/api/admin/reviews/counts?courseId=${course.id}&schoolId=${oak.schoolId}`)).body).toEqual({
      awaiting: 1,
      changesRequested: 0,
      approved: 1,
    });
    expect((await admin.get('/api/admin/reviews?status=pending')).status).toBe(400);
    expect((await admin.get('/api/admin/reviews?limit=500')).status).toBe(400);
    expect((await admin.get('/api/admin/reviews/999999')).status).toBe(404);
  });
});
