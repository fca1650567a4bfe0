import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../test/useTestServer.ts';
import { createAdmin, createCourse, createModule, createUser, enroll, signIn } from '../../test/factories.ts';
import { schoolWithManager } from '../../test/schools.ts';

/**
 * Text over a limit is refused with a 400 naming the field and the limit, and nothing is saved
 * (issue 34 #2: long names, titles and comments were cut instead, by the browser's maxLength).
 */
const server = useTestServer();

async function client(role: 'learner' | 'admin' = 'learner') {
  const user = role === 'admin' ? await createAdmin(server.db) : await createUser(server.db);
  const signedIn = server.client();
  await signIn(signedIn, user);
  return { client: signedIn, user };
}

describe('text past a limit', () => {
  it('a school name over 200 characters is a 400 naming the field and the limit; no school is made', async () => {
    const { client: manager } = await client();
    const answer = await manager.post('/api/schools', { name: 'S'.repeat(300), country: 'GB' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ message: 'School name can be at most 200 characters', errors: { name: 'School name can be at most 200 characters' } });
    expect(await server.db('schools').where('name', 'like', 'SSSS%')).toEqual([]);
    expect((await manager.post('/api/schools', { name: 'S'.repeat(200), country: 'GB' })).status).toBe(201);
  });

  it('course and module titles and descriptions over their limits are refused, and the stored ones stay', async () => {
    const { client: admin } = await client('admin');
    const made = await admin.post('/api/courses', { title: 'T'.repeat(201), description: 'A course' });
    expect([made.status, made.body.errors]).toEqual([400, { title: 'Title can be at most 200 characters' }]);
    const course = await createCourse(server, { title: 'Kept title' });
    const renamed = await admin.put(`/api/courses/${course.id}`, { title: 'T'.repeat(250), description: 'D'.repeat(10_001) });
    expect([renamed.status, renamed.body.errors]).toEqual([
      400,
      { title: 'Title can be at most 200 characters', description: 'Description can be at most 10,000 characters' },
    ]);
    expect((await server.db('courses').where({ id: course.id }).first())!.title).toBe('Kept title');

    const moduleAnswer = await admin.post('/api/modules', { courseId: course.id, title: 'M'.repeat(201), vimeoVideoId: '76979871' });
    expect([moduleAnswer.status, moduleAnswer.body.errors?.title]).toEqual([400, 'Title can be at most 200 characters']);
    expect(await server.db('modules').where({ courseId: course.id })).toEqual([]);
  });

  it('a 6,000-character comment is a 400 naming the limit; nothing is saved', async () => {
    const course = await createCourse(server);
    const module = await createModule(server, course.id);
    const { client: learner, user } = await client();
    await enroll(server.db, user.id, course.id);
    const answer = await learner.post(`/api/modules/${module.id}/comments`, { comment: 'x'.repeat(6000) });
    expect([answer.status, answer.body.errors]).toEqual([400, { comment: 'Comments can be at most 2,000 characters' }]);
    expect(await server.db('comments').where({ userId: user.id })).toEqual([]);
  });

  it('an invoice request with a school name over the limit is refused before anything is made', async () => {
    const course = await createCourse(server, { price: 1000 });
    const { client: buyer, user } = await client();
    const answer = await buyer.post('/api/orders', { courseId: course.id, schoolName: 'S'.repeat(201), billingEmail: 'ap@school.example', createSchool: true });
    expect([answer.status, answer.body.errors]).toEqual([400, { schoolName: 'School name can be at most 200 characters' }]);
    expect(await server.db('orders').where({ userId: user.id })).toEqual([]);
  });
});

describe('text at its limit', () => {
  it('a group name of 100 İ is stored: lower-cased for comparison it is 200 characters (i and a combining dot)', async () => {
    const { client: manager, schoolId } = await schoolWithManager(server, 'İzmir Primary');
    const name = 'İ'.repeat(100);
    const made = await manager.post(`/api/schools/${schoolId}/groups`, { name });
    expect(made.status, made.text).toBe(201);
    expect(made.body).toMatchObject({ name });
    // The same name again is the same group.
    expect((await manager.post(`/api/schools/${schoolId}/groups`, { name })).status).toBe(409);
  });

  it('a knowledge check at its largest (50 questions of 8 answers, every text at its limit, not ASCII) is stored and read back', async () => {
    const { client: admin } = await client('admin');
    const course = await createCourse(server);
    const text = (length: number) => 'é'.repeat(length);
    const questions = Array.from({ length: 50 }, (_, index) => ({
      type: 'single',
      prompt: `${index} ${text(990)}`,
      explanation: text(2000),
      options: Array.from({ length: 8 }, (_, option) => ({ text: `${option} ${text(490)}`, correct: option === 0 })),
    }));
    const made = await admin.post(`/api/courses/${course.id}/quizzes`, { title: text(200), afterModuleId: null, questions });
    expect(made.status, made.text.slice(0, 300)).toBe(201);
    const read = await admin.get(`/api/courses/${course.id}/quizzes/${made.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body.questions).toHaveLength(50);
    expect(read.body.questions[49].explanation).toBe(text(2000));
  });
});
