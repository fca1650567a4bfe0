import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/useTestServer.ts';
import { addMember, licensedSchool } from '../../../test/deadlines.ts';
import { createUser, signIn } from '../../../test/factories.ts';

const server = useTestServer({ smtp: true });

describe('POST /api/admin/scheduler/:name/run', () => {
  it('runs the job here at once, answers what it queued, and a second run sends nothing twice', async () => {
    server.clock.set('2026-05-13T09:00:00Z');
    const { manager, admin, schoolId, course } = await licensedSchool(server);
    const member = await addMember(server.db, schoolId, Date.parse('2026-01-01T00:00:00Z'));
    expect((await manager.client.put(`/api/schools/${schoolId}/deadlines/${course.id}`, { completeBy: '2026-05-20' })).status).toBe(200);
    // The timer ran an hour ago: the job is not due, and "Run now" runs it anyway.
    const hourLater = Date.parse('2026-05-13T10:00:00Z');
    await server.db('schedulerJobs').insert({ name: 'deadline-reminders', nextRunAt: hourLater, failures: 0, totalFailures: 0, lastSent: 0 });

    const ran = await admin.post('/api/admin/scheduler/deadline-reminders/run');
    expect(ran.status, JSON.stringify(ran.body)).toBe(200);
    // The member and the manager (a member too) are reminded 7 days before.
    expect(ran.body).toEqual({ name: 'deadline-reminders', sent: 2 });
    expect(await server.db('outbox').where({ toAddress: member.email }).pluck('subject')).toEqual([`Reminder: ${course.title} is due 20 May`]);
    const job = (await admin.get('/api/admin/scheduler')).body.jobs.find((row: { name: string }) => row.name === 'deadline-reminders');
    expect(job).toMatchObject({ lastSent: 2, running: false, failures: 0 });
    // The run counts as the job's run: the next is an interval after it.
    expect(Date.parse(job.nextRunAt) - Date.parse(job.lastStartedAt)).toBe(60 * 60_000);

    const again = await admin.post('/api/admin/scheduler/deadline-reminders/run');
    expect(again.body).toEqual({ name: 'deadline-reminders', sent: 0 });
    server.clock.reset();
  });

  it('answers 409 while another instance holds the lease, and runs nothing', async () => {
    server.clock.set('2026-06-01T09:00:00Z');
    const { admin } = await licensedSchool(server);
    const leaseUntil = Date.parse('2026-06-01T09:04:00Z');
    await server
      .db('schedulerJobs')
      .insert({ name: 'school-digest', nextRunAt: 0, failures: 0, totalFailures: 0, lastSent: 7, leaseOwner: 'another-instance', leaseUntil })
      .onConflict('name')
      .merge();
    const busy = await admin.post('/api/admin/scheduler/school-digest/run');
    expect(busy.status).toBe(409);
    expect(busy.body.message).toMatch(/running on another instance.*09:04 UTC/);
    const row = await server.db('schedulerJobs').where({ name: 'school-digest' }).first();
    expect([row!.leaseOwner, Number(row!.leaseUntil), Number(row!.lastSent)]).toEqual(['another-instance', leaseUntil, 7]);
    // Once the lease has lapsed (that instance died), "Run now" takes it over.
    server.clock.set('2026-06-01T09:05:00Z');
    const ran = await admin.post('/api/admin/scheduler/school-digest/run');
    expect([ran.status, ran.body.name]).toEqual([200, 'school-digest']);
    expect((await server.db('schedulerJobs').where({ name: 'school-digest' }).first())!.leaseOwner).toBeNull();
    server.clock.reset();
  });

  it('is 404 for an unknown job, 400 for a malformed name, and for admins only', async () => {
    const { admin } = await licensedSchool(server);
    const unknown = await admin.post('/api/admin/scheduler/no-such-job/run');
    expect([unknown.status, unknown.body.message]).toEqual([404, 'There is no scheduled job called no-such-job']);
    expect(await server.db('schedulerJobs').where({ name: 'no-such-job' })).toEqual([]);
    expect((await admin.post('/api/admin/scheduler/Robert%27);DROP/run')).status).toBe(400);
    const learner = server.client();
    await signIn(learner, await createUser(server.db));
    expect((await learner.post('/api/admin/scheduler/deadline-reminders/run')).status).toBe(403);
    expect((await server.client().post('/api/admin/scheduler/deadline-reminders/run')).status).toBe(401);
  });
});
