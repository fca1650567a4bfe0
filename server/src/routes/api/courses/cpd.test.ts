import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { createAdmin, createCourse, createModule, signIn } from '../../../test/factories.ts';
import type { TestClient } from '../../../test/client.ts';

let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await createTestServer();
  admin = server.client();
  await signIn(admin, await createAdmin(server.db));
});
afterAll(async () => {
  await server.close();
});

const listed = async (id: number) => (await server.client().get('/api/courses')).body.find((course: { id: number }) => course.id === id);

describe('a course carries its CPD value (issue 59)', () => {
  it('the admin sets hours to a quarter hour, CEUs and standards; the catalogue, the course page and the card say them', async () => {
    const course = await createCourse(server);
    await createModule(server, course.id, { duration: 1800 });
    expect(await listed(course.id)).not.toHaveProperty('cpdHours');

    const saved = await admin.put(`/api/courses/${course.id}`, {
      cpdHours: 1.75,
      ceus: 0.18,
      cpdStandards: ['ISTE 2.6', ' iste 2.6 ', "Teachers' Standards 8"],
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ cpdHours: 1.75, ceus: 0.18, cpdStandards: ['ISTE 2.6', "Teachers' Standards 8"] });
    expect(await server.db('courses').where({ id: course.id }).first()).toMatchObject({ cpdQuarterHours: 7, ceuHundredths: 18 });

    expect(await listed(course.id)).toMatchObject({ cpdHours: 1.75, ceus: 0.18, cpdStandards: ['ISTE 2.6', "Teachers' Standards 8"] });
    const detail = await server.client().get(`/api/courses/${course.id}`);
    expect(detail.body).toMatchObject({ cpdHours: 1.75, ceus: 0.18, cpdStandards: ['ISTE 2.6', "Teachers' Standards 8"], totalDuration: 1800 });

    // An update that does not name them keeps them; null and [] clear them.
    await admin.put(`/api/courses/${course.id}`, { title: 'Renamed' });
    expect(await listed(course.id)).toMatchObject({ title: 'Renamed', cpdHours: 1.75 });
    const cleared = await admin.put(`/api/courses/${course.id}`, { cpdHours: null, ceus: null, cpdStandards: [] });
    expect(cleared.body).not.toHaveProperty('cpdHours');
    expect(cleared.body).not.toHaveProperty('ceus');
    expect(cleared.body).not.toHaveProperty('cpdStandards');
    expect(await server.db('courses').where({ id: course.id }).first()).toMatchObject({ cpdQuarterHours: null, ceuHundredths: null, cpdStandards: null });
  });

  it('a new course can be created with its hours', async () => {
    const created = await admin.post('/api/courses', { title: 'Safeguarding', description: 'Annual update', cpdHours: 3, cpdStandards: ['KCSIE'] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ cpdHours: 3, cpdStandards: ['KCSIE'] });
    expect(created.body).not.toHaveProperty('ceus');
  });

  it('hours off the quarter hour, out of bounds, CEUs past a hundredth and too many standards are refused field by field, never stored', async () => {
    const course = await createCourse(server);
    for (const [body, field, message] of [
      [{ cpdHours: 1.1 }, 'cpdHours', 'CPD hours go to the quarter hour, e.g. 1, 1.25, 1.5 or 1.75'],
      [{ cpdHours: 0 }, 'cpdHours', 'CPD hours must be between 0.25 and 500'],
      [{ cpdHours: 1000 }, 'cpdHours', 'CPD hours must be between 0.25 and 500'],
      [{ cpdHours: '2' }, 'cpdHours', 'CPD hours must be a number of hours, e.g. 1.5'],
      [{ ceus: 0.125 }, 'ceus', 'CEUs must be a number between 0.01 and 50, with at most two decimals (e.g. 0.15)'],
      [{ cpdStandards: Array.from({ length: 13 }, (_, i) => `Standard ${i}`) }, 'cpdStandards', 'At most 12 standards or frameworks'],
      [{ cpdStandards: ['x'.repeat(61)] }, 'cpdStandards', 'Each standard or framework can be at most 60 characters'],
    ] as const) {
      const response = await admin.put(`/api/courses/${course.id}`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(response.body.errors)).toContain(message);
      expect(Object.keys(response.body.errors)[0]).toContain(field);
    }
    expect(await server.db('courses').where({ id: course.id }).first()).toMatchObject({ cpdQuarterHours: null, ceuHundredths: null, cpdStandards: null });
  });

  it('only an admin sets them', async () => {
    const course = await createCourse(server);
    expect((await server.client().put(`/api/courses/${course.id}`, { cpdHours: 2 })).status).toBe(401);
  });
});
