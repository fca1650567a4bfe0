import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/useTestServer.ts';
import { createAdmin, createCourse, signIn } from '../../../test/factories.ts';
import { learner, schoolWithManager } from '../../../test/schools.ts';

const server = useTestServer();

describe("a school's country", () => {
  it('a school made at checkout keeps the country the buyer chose', async () => {
    const { client } = await learner(server, { verified: true });
    const course = await createCourse(server, { price: 49900, priceUsd: 59900 });
    const ordered = await client.post('/api/orders', {
      courseId: course.id,
      schoolName: 'Lincoln Park Elementary',
      billingEmail: 'ap@lincoln.k12.example',
      currency: 'USD',
      country: 'US',
      createSchool: true,
    });
    expect(ordered.status, JSON.stringify(ordered.body)).toBe(201);
    expect((await client.get('/api/schools/mine')).body.school).toMatchObject({ name: 'Lincoln Park Elementary', country: 'US' });
  });

  it('a school made on /school stores the country it was given, and refuses one that is not a country', async () => {
    const { client } = await learner(server);
    const refused = await client.post('/api/schools', { name: 'Nowhere High', country: 'UK' });
    expect([refused.status, Object.keys(refused.body.errors)]).toEqual([400, ['country']]);
    const made = await client.post('/api/schools', { name: 'Escola Lisboa', country: 'pt' });
    expect(made.body).toMatchObject({ name: 'Escola Lisboa', country: 'PT' });
  });
});

describe('renaming a school and changing its country', () => {
  it('its manager may, on /school; another school’s manager and visitors may not', async () => {
    const { client: manager, schoolId } = await schoolWithManager(server, 'St Mary’s Primary');
    const renamed = await manager.patch(`/api/schools/${schoolId}`, { name: "St Mary's C of E Primary", country: 'IE' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({ id: schoolId, name: "St Mary's C of E Primary", country: 'IE' });
    expect((await manager.get('/api/schools/mine')).body.school).toMatchObject({ name: "St Mary's C of E Primary", country: 'IE' });
    expect((await manager.patch(`/api/schools/${schoolId}`, { country: 'GB' })).body).toMatchObject({ name: "St Mary's C of E Primary", country: 'GB' });

    const tooLong = await manager.patch(`/api/schools/${schoolId}`, { name: 'S'.repeat(201) });
    expect([tooLong.status, tooLong.body.errors]).toEqual([400, { name: 'School name can be at most 200 characters' }]);
    expect((await manager.patch(`/api/schools/${schoolId}`, { country: 'ZZ' })).status).toBe(400);
    expect((await manager.patch(`/api/schools/${schoolId}`, {})).status).toBe(400);

    const other = await schoolWithManager(server, 'Rival Academy');
    expect((await other.client.patch(`/api/schools/${schoolId}`, { name: 'Taken over' })).status).toBe(403);
    expect((await server.client().patch(`/api/schools/${schoolId}`, { name: 'Taken over' })).status).toBe(401);
    expect((await server.db('schools').where({ id: schoolId }).first())!.name).toBe("St Mary's C of E Primary");
  });

  it('an admin may, for any school; 404 for an unknown one', async () => {
    const { schoolId, client: manager } = await schoolWithManager(server, 'Oak Academy');
    const admin = server.client();
    await signIn(admin, await createAdmin(server.db));
    const changed = await admin.patch(`/api/admin/schools/${schoolId}`, { name: 'Oak Academy Trust', country: 'US' });
    expect([changed.status, changed.body.name, changed.body.country]).toEqual([200, 'Oak Academy Trust', 'US']);
    expect((await admin.get(`/api/admin/schools/${schoolId}`)).body).toMatchObject({ name: 'Oak Academy Trust', country: 'US' });
    expect((await admin.patch('/api/admin/schools/999999', { name: 'Ghost' })).status).toBe(404);
    expect((await manager.patch(`/api/admin/schools/${schoolId}`, { name: 'Mine now' })).status).toBe(403);
  });
});
