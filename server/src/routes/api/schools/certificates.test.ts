import { certificateValidity } from '@atrium/common';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/useTestServer.ts';
import { createAdmin, createCourse, signIn } from '../../../test/factories.ts';
import { learner, schoolWithManager } from '../../../test/schools.ts';
import { addMember, certify } from '../../../test/deadlines.ts';

const server = useTestServer();
const DAY = 24 * 60 * 60 * 1000;

describe('GET /api/schools/:id/certificates', () => {
  it("lists its members' certificates that were not revoked, newest first, to the school's managers only", async () => {
    const { client: manager, schoolId } = await schoolWithManager(server, 'Oak Academy');
    const other = await schoolWithManager(server, 'Rival Academy');
    const lasting = await createCourse(server, { price: 0, title: 'Safeguarding' });
    const yearly = await createCourse(server, { price: 0, title: 'First Aid', validityMonths: 12 });
    const now = server.clock.now().getTime();

    const ada = await addMember(server.db, schoolId, now - 90 * DAY, { firstName: 'Ada', lastName: 'Lovelace' });
    const ben = await addMember(server.db, schoolId, now - 90 * DAY, { firstName: 'Ben', lastName: 'Okri' });
    const outsider = await addMember(server.db, other.schoolId, now - 90 * DAY, { firstName: 'Cy', lastName: 'Twombly' });
    const older = await certify(server.db, ada.id, lasting.id, now - 30 * DAY);
    const newer = await certify(server.db, ben.id, yearly.id, now - 2 * DAY);
    const revoked = await certify(server.db, ada.id, yearly.id, now - DAY);
    await server.db('certificates').where({ certificateNumber: revoked }).update({ revokedAt: now });
    const elsewhere = await certify(server.db, outsider.id, lasting.id, now - DAY);

    const response = await manager.get(`/api/schools/${schoolId}/certificates`);
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-total-count')).toBe('2');
    expect(response.body).toEqual([
      {
        certificateNumber: newer,
        memberName: 'Ben Okri',
        courseTitle: 'First Aid',
        issuedAt: new Date(now - 2 * DAY).toISOString(),
        expiresOn: certificateValidity(now - 2 * DAY, 12)!.expiresOn,
      },
      { certificateNumber: older, memberName: 'Ada Lovelace', courseTitle: 'Safeguarding', issuedAt: new Date(now - 30 * DAY).toISOString(), expiresOn: null },
    ]);
    const numbers = (response.body as Array<{ certificateNumber: string }>).map((c) => c.certificateNumber);
    expect(numbers).not.toContain(revoked);
    expect(numbers).not.toContain(elsewhere);

    const second = await manager.get(`/api/schools/${schoolId}/certificates?limit=1&offset=1`);
    expect([second.headers.get('x-total-count'), second.body.map((c: { certificateNumber: string }) => c.certificateNumber)]).toEqual(['2', [older]]);
    expect((await manager.get(`/api/schools/${schoolId}/certificates?limit=0`)).status).toBe(400);
  });

  it('refuses members, other schools’ managers, admins and visitors; an unknown school is refused like a stranger’s (403)', async () => {
    const { client: manager, schoolId } = await schoolWithManager(server, 'Elm Primary');
    const member = await learner(server);
    await server.db('schoolMembers').insert({ schoolId, userId: member.user.id, role: 'member', joinedAt: server.clock.now().getTime() });
    const other = await schoolWithManager(server, 'Birch Primary');
    const admin = server.client();
    await signIn(admin, await createAdmin(server.db));

    expect((await member.client.get(`/api/schools/${schoolId}/certificates`)).status).toBe(403);
    expect((await other.client.get(`/api/schools/${schoolId}/certificates`)).status).toBe(403);
    expect((await admin.get(`/api/schools/${schoolId}/certificates`)).status).toBe(403);
    expect((await server.client().get(`/api/schools/${schoolId}/certificates`)).status).toBe(401);
    expect((await manager.get('/api/schools/999999/certificates')).status).toBe(403);
  });
});
