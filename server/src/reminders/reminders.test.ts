import { beforeEach, describe, expect, it } from 'vitest';
import { useTestServer } from '../test/useTestServer.ts';
import { mailParts, type CapturedMail } from '../test/smtp.ts';
import { addMember, certify, licensedSchool, startCourse, testScheduler } from '../test/deadlines.ts';
import { createUser, enroll, signIn } from '../test/factories.ts';
import { reminderKind } from './deadlineReminders.ts';
import { weekStartDay } from './digest.ts';
import { backoffMs } from '../services/backoff.ts';
import { LEASE_MS, Scheduler } from '../scheduler/scheduler.ts';

const server = useTestServer({ smtp: true });
const at = (iso: string) => Date.parse(`${iso}T09:00:00Z`);

/** One scheduler pass at the clock's date, then the outbox delivered to the SMTP listener; the mail that arrived. */
async function passAt(iso: string): Promise<CapturedMail[]> {
  server.clock.set(`${iso}T09:00:00Z`);
  const before = server.smtp.messages.length;
  await testScheduler(server).tick();
  await server.app.deps.mailer.flush();
  return server.smtp.messages.slice(before);
}

/** A header of the received mail, unfolded (long headers are wrapped over several lines). */
const header = (mail: CapturedMail, name: string) => {
  const head = mail.raw.slice(0, mail.raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim() ?? null;
};
const subjectOf = (mail: CapturedMail) => header(mail, 'Subject');
const to = (mails: CapturedMail[]) => mails.map((mail) => mail.to[0]!).sort();

beforeEach(async () => {
  // Each test has its own school; the jobs' schedule starts afresh so a moved clock finds them due.
  await server.db('schedulerJobs').delete();
});

describe('deadline reminders', () => {
  it('are sent 7 days before, on the day, then weekly while overdue (four at most), once each, not to those who completed', async () => {
    server.clock.set('2026-05-01T09:00:00Z');
    const { manager, schoolId, course } = await licensedSchool(server);
    const idle = await addMember(server.db, schoolId, at('2026-01-01'), { firstName: 'Ivy', emailVerifiedAt: at('2026-01-01') });
    // Registered under an address nobody proved, with a message for a name: the mail greets no one.
    const started = await addMember(server.db, schoolId, at('2026-01-01'), { firstName: 'Visit https://evil.example now' });
    const done = await addMember(server.db, schoolId, at('2026-01-01'));
    await startCourse(server.db, started.id, course.id);
    await certify(server.db, done.id, course.id, at('2026-04-01'));
    expect((await manager.client.put(`/api/schools/${schoolId}/deadlines/${course.id}`, { completeBy: '2026-05-20' })).status).toBe(200);
    const learners = [idle.email, started.email, manager.user.email].sort();
    const ours = (mails: CapturedMail[]) => mails.filter((mail) => learners.includes(mail.to[0]!) && !/training this week/.test(subjectOf(mail)!));

    expect(ours(await passAt('2026-05-12'))).toEqual([]);
    const soon = ours(await passAt('2026-05-13'));
    expect(to(soon)).toEqual(learners);
    expect(soon.every((mail) => subjectOf(mail) === `Reminder: ${course.title} is due 20 May`)).toBe(true);
    const text = mailParts(soon.find((mail) => mail.to[0] === idle.email)!.raw);
    expect(text.text).toContain('Hello Ivy,');
    const unproven = mailParts(soon.find((mail) => mail.to[0] === started.email)!.raw);
    expect(unproven.text).not.toContain('evil.example');
    expect(unproven.html).not.toContain('evil.example');
    expect(text.text).toContain('is due on 20 May, in 7 days');
    expect(text.html).toContain('<html');
    // The same day again, and the days before the deadline: nothing more.
    expect(ours(await passAt('2026-05-13'))).toEqual([]);
    expect(ours(await passAt('2026-05-19'))).toEqual([]);

    const today = ours(await passAt('2026-05-20'));
    expect(to(today)).toEqual(learners);
    expect(subjectOf(today[0]!)).toBe(`Due today: ${course.title}`);
    expect(ours(await passAt('2026-05-26'))).toEqual([]);

    // Completing the course stops the reminders for that learner alone.
    await certify(server.db, started.id, course.id, at('2026-05-26'));
    const overdue: string[][] = [];
    for (const day of ['2026-05-27', '2026-06-03', '2026-06-10', '2026-06-17', '2026-06-24', '2026-07-01']) {
      const mails = ours(await passAt(day));
      overdue.push(to(mails));
      for (const mail of mails) expect(subjectOf(mail)).toBe(`Overdue: ${course.title}`);
    }
    const stillDue = [idle.email, manager.user.email].sort();
    expect(overdue).toEqual([stillDue, stillDue, stillDue, stillDue, [], []]);
    expect(await server.db('remindersSent').where({ userId: idle.id }).orderBy('id').pluck('kind')).toEqual([
      'due_soon',
      'due_today',
      'overdue_1',
      'overdue_2',
      'overdue_3',
      'overdue_4',
    ]);
  });

  it('names the right reminder for each day around the deadline', () => {
    expect([-8, -7, -1, 0, 6, 7, 13, 14, 27, 28, 34, 35].map(reminderKind)).toEqual([
      null,
      'due_soon',
      'due_soon',
      'due_today',
      'due_today',
      'overdue_1',
      'overdue_1',
      'overdue_2',
      'overdue_3',
      'overdue_4',
      'overdue_4',
      null,
    ]);
  });
});

describe('unsubscribing', () => {
  it('works in one click without a session, is kept, and refuses a tampered link or one for another user', async () => {
    server.clock.set('2026-08-01T09:00:00Z');
    const { manager, schoolId, course } = await licensedSchool(server);
    const member = await addMember(server.db, schoolId, at('2026-01-01'));
    const other = await addMember(server.db, schoolId, at('2026-01-01'));
    await manager.client.put(`/api/schools/${schoolId}/deadlines/${course.id}`, { completeBy: '2026-08-05' });
    const first = (await passAt('2026-08-01')).filter((mail) => mail.to[0] === member.email);
    expect(first).toHaveLength(1);
    const mail = first[0]!;
    const listUnsubscribe = header(mail, 'List-Unsubscribe')!;
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const url = /<(https?:\/\/[^>]+\/api\/unsubscribe\?token=[^>]+)>/.exec(listUnsubscribe)![1]!;
    const token = new URL(url).searchParams.get('token')!;
    // The mail's own link opens the confirmation page with the same token.
    expect(mailParts(mail.raw).text).toContain(`/unsubscribe?token=${token}`);

    const tampered = token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const forged = `${Buffer.from(`${other.id}.reminders`).toString('base64url')}.${token.split('.')[1]}`;
    for (const bad of [tampered, forged]) {
      const response = await server.client().post(`/api/unsubscribe?token=${bad}`);
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/not valid/);
    }
    expect(await server.db('unsubscribes').whereIn('userId', [member.id, other.id])).toEqual([]);

    // What a mail provider sends (RFC 8058): a form post, no cookie, no Origin.
    const oneClick = await fetch(`${server.url}/api/unsubscribe?token=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.json()).toMatchObject({ category: 'reminders', unsubscribed: true });
    expect((await server.client().get(`/api/unsubscribe?token=${token}`)).body).toMatchObject({ unsubscribed: true });
    // A browser opening the address is sent to the page.
    const page = await fetch(`${server.url}/api/unsubscribe?token=${token}`, { headers: { accept: 'text/html' }, redirect: 'manual' });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe(`/unsubscribe?token=${token}`);

    const later = await passAt('2026-08-05');
    expect(later.filter((m) => m.to[0] === member.email)).toEqual([]);
    expect(later.filter((m) => m.to[0] === other.email)).toHaveLength(1);
  });

  it('never adds unsubscribe headers to account mail', async () => {
    const user = await createUser(server.db);
    const before = server.smtp.messages.length;
    expect((await server.client().post('/api/forgot-password', { email: user.email })).status).toBe(200);
    await server.app.deps.mailer.flush();
    const reset = await server.smtp.waitFor((mail) => mail.to[0] === user.email && server.smtp.messages.indexOf(mail) >= before);
    expect(header(reset, 'List-Unsubscribe')).toBeNull();
    expect(header(reset, 'List-Unsubscribe-Post')).toBeNull();
  });
});

describe('certificate expiry and renewal', () => {
  it('reminds the holder once, 30 days before the certificate expires', async () => {
    server.clock.set('2026-01-10T09:00:00Z');
    const { admin, schoolId, course } = await licensedSchool(server);
    const holder = await addMember(server.db, schoolId, at('2025-01-01'));
    const number = await certify(server.db, holder.id, course.id, at('2026-01-10'));
    expect((await admin.put(`/api/courses/${course.id}`, { validityMonths: 6 })).status).toBe(200);
    const mine = (mails: CapturedMail[]) => mails.filter((mail) => mail.to[0] === holder.email);
    expect(mine(await passAt('2026-06-09'))).toEqual([]);
    const reminded = mine(await passAt('2026-06-10'));
    expect(reminded).toHaveLength(1);
    expect(subjectOf(reminded[0]!)).toBe(`Your ${course.title} certificate expires on 10 July`);
    expect(mailParts(reminded[0]!.raw).text).toContain(number);
    expect(header(reminded[0]!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mine(await passAt('2026-06-20'))).toEqual([]);
    expect(mine(await passAt('2026-07-11'))).toEqual([]);
  });

  it('stops reminding about a certificate once its holder renews, and reminds about the new one in its turn', async () => {
    server.clock.set('2026-01-10T09:00:00Z');
    const { admin, schoolId, course } = await licensedSchool(server);
    const holder = await addMember(server.db, schoolId, at('2025-01-01'));
    await enroll(server.db, holder.id, course.id);
    const browser = server.client();
    await signIn(browser, holder);
    expect((await admin.put(`/api/courses/${course.id}`, { validityMonths: 6 })).status).toBe(200);
    const modules: Array<{ id: number; duration: number }> = await server.db('modules').where({ courseId: course.id }).orderBy('orderIndex');
    const completeAll = async () => {
      let number: string | null = null;
      for (const module of modules) {
        const response = await browser.post('/api/progress', { moduleId: module.id, courseId: course.id, watchedDuration: module.duration, isCompleted: true });
        number = response.body.certificateNumber;
      }
      return number!;
    };
    const first = await completeAll();
    const mine = (mails: CapturedMail[]) => mails.filter((mail) => mail.to[0] === holder.email);
    // Renewal opens with the reminder's window (30 days before 10 July); renewed before the pass.
    server.clock.set('2026-06-10T08:00:00Z');
    expect((await browser.post(`/api/courses/${course.id}/renewal`)).status).toBe(200);
    expect(mine(await passAt('2026-06-10'))).toEqual([]);
    server.clock.set('2026-06-12T09:00:00Z');
    const second = await completeAll();
    expect(second).not.toBe(first);
    expect(mine(await passAt('2026-06-15'))).toEqual([]);
    // The new certificate (12 June) expires on 12 December: its own reminder, naming it, once.
    const reminded = mine(await passAt('2026-11-12'));
    expect(reminded).toHaveLength(1);
    expect(mailParts(reminded[0]!.raw).text).toContain(second);
    expect(mailParts(reminded[0]!.raw).text).not.toContain(first);
    expect(mine(await passAt('2026-11-20'))).toEqual([]);
  });

  it('refuses a validity of zero or less', async () => {
    const { admin, course } = await licensedSchool(server);
    for (const validityMonths of [0, -3, 1.5]) {
      const response = await admin.put(`/api/courses/${course.id}`, { validityMonths });
      expect(response.status).toBe(400);
      expect(response.body.errors).toHaveProperty('validityMonths');
    }
    expect((await server.db('courses').where({ id: course.id }).first())!.validityMonths).toBeNull();
  });
});

describe('the weekly digest', () => {
  it('tells each verified manager once a week who finished and who is overdue, with a link to /school', async () => {
    server.clock.set('2026-09-01T09:00:00Z');
    const { manager, schoolId, course } = await licensedSchool(server, 'Digest Academy');
    await server
      .db('users')
      .where({ id: manager.user.id })
      .update({ emailVerifiedAt: at('2026-09-01') });
    // A manager whose address nobody proved (anyone can register one under a stranger's address) gets none.
    const unverified = await createUser(server.db);
    await server.db('schoolMembers').insert({ schoolId, userId: unverified.id, role: 'manager', joinedAt: at('2026-09-01') });
    const late = await addMember(server.db, schoolId, at('2026-01-01'), { firstName: 'Olly', lastName: 'Overdue' });
    const finisher = await addMember(server.db, schoolId, at('2026-01-01'), { firstName: 'Fay', lastName: 'Finished' });
    await manager.client.put(`/api/schools/${schoolId}/deadlines/${course.id}`, { completeBy: '2026-09-03' });
    await certify(server.db, finisher.id, course.id, at('2026-09-08'));
    await certify(server.db, manager.user.id, course.id, at('2026-08-01'));
    await certify(server.db, unverified.id, course.id, at('2026-08-01'));

    const managers = [manager.user.email, unverified.email];
    const digests = (mails: CapturedMail[]) => mails.filter((mail) => managers.includes(mail.to[0]!) && /training this week/.test(subjectOf(mail) ?? ''));
    const first = digests(await passAt('2026-09-09'));
    expect(to(first)).toEqual([manager.user.email]);
    // The school's name is whatever its founder typed: quoted in the body, never in the Subject.
    expect(subjectOf(first[0]!)).toBe("Your school's training this week: 1 completed, 1 overdue");
    const { text, html } = mailParts(first[0]!.raw);
    expect(text).toContain('School: "Digest Academy"');
    expect(text).toContain(`Fay Finished: ${course.title} (completed 8 September)`);
    expect(text).toContain(`Olly Overdue: ${course.title} (due 3 September)`);
    expect(text).toContain('/school');
    expect(html).toContain('Olly Overdue');
    expect(text).not.toContain(late.email);
    expect(header(first[0]!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    // Later the same week: none; the next week: the next one.
    expect(digests(await passAt('2026-09-12'))).toEqual([]);
    expect(digests(await passAt('2026-09-14'))).toHaveLength(1);
  });

  it('counts weeks from Monday', () => {
    const day = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / 86_400_000);
    expect(weekStartDay(day('2026-09-09'))).toBe(day('2026-09-07'));
    expect(weekStartDay(day('2026-09-07'))).toBe(day('2026-09-07'));
    expect(weekStartDay(day('2026-09-13'))).toBe(day('2026-09-07'));
  });
});

describe('the scheduler', () => {
  it('records a failing job, retries it with back-off, and shows it to the admin', async () => {
    server.clock.set('2026-10-01T09:00:00Z');
    const { admin } = await licensedSchool(server);
    let fail = true;
    const scheduler = new Scheduler(server.app.deps, [
      {
        name: 'flaky',
        intervalMs: 3_600_000,
        async run() {
          if (fail) throw new Error('the mail template broke');
          return { sent: 2 };
        },
      },
    ]);
    await scheduler.tick();
    let job = (await admin.get('/api/admin/scheduler')).body.jobs.find((j: { name: string }) => j.name === 'flaky');
    expect(job).toMatchObject({ failures: 1, totalFailures: 1, lastError: 'the mail template broke', running: false, lastSuccessAt: null });
    expect(Date.parse(job.nextRunAt) - Date.parse(job.lastFinishedAt)).toBe(backoffMs(1));
    // Not due again until the back-off has passed.
    await scheduler.tick();
    expect((await server.db('schedulerJobs').where({ name: 'flaky' }).first())!.failures).toBe(1);
    server.clock.advance(backoffMs(1) + 1000);
    await scheduler.tick();
    expect((await server.db('schedulerJobs').where({ name: 'flaky' }).first())!.failures).toBe(2);
    server.clock.advance(backoffMs(2) + 1000);
    fail = false;
    await scheduler.tick();
    job = (await admin.get('/api/admin/scheduler')).body.jobs.find((j: { name: string }) => j.name === 'flaky');
    expect(job).toMatchObject({ failures: 0, totalFailures: 2, lastError: null, lastSent: 2 });
    expect(backoffMs(1)).toBe(60_000);
    expect(backoffMs(3)).toBe(240_000);
    expect(backoffMs(20)).toBe(3_600_000);
  });

  it('runs a job on one instance at a time: a live lease is not taken, a lapsed one is', async () => {
    server.clock.set('2026-10-02T09:00:00Z');
    let runs = 0;
    const releases: Array<() => void> = [];
    const job = {
      name: 'slow',
      intervalMs: 3_600_000,
      async run() {
        runs += 1;
        await new Promise<void>((resolve) => releases.push(resolve));
        return { sent: 0 };
      },
    };
    const first = new Scheduler(server.app.deps, [job]);
    const second = new Scheduler(server.app.deps, [job]);
    const running = first.tick();
    await expect.poll(() => runs).toBe(1);
    await second.tick();
    expect(runs).toBe(1);
    // The first instance hangs (or was killed): once its lease has lapsed the second takes over.
    server.clock.advance(LEASE_MS + 1000);
    const takenOver = second.tick();
    await expect.poll(() => runs).toBe(2);
    expect((await server.db('schedulerJobs').where({ name: 'slow' }).first())!.leaseOwner).toBe(second.owner);
    releases.forEach((release) => release());
    await Promise.all([running, takenOver]);
    const row = (await server.db('schedulerJobs').where({ name: 'slow' }).first())!;
    expect(row.leaseOwner).toBeNull();
    expect(Number(row.failures)).toBe(0);
  });
});

describe('the public certificate page', () => {
  it('says when a certificate of a course with a validity expires, and "expired" past it, still verifying it', async () => {
    server.clock.set('2026-02-01T09:00:00Z');
    const { admin, schoolId, course } = await licensedSchool(server);
    const holder = await addMember(server.db, schoolId, at('2025-01-01'));
    const number = await certify(server.db, holder.id, course.id, at('2026-02-01'));
    expect((await server.client().get(`/api/certificates/${number}`)).body).not.toHaveProperty('expiresOn');
    expect((await admin.put(`/api/courses/${course.id}`, { validityMonths: 12 })).status).toBe(200);
    server.catalogue.invalidate();
    expect((await server.client().get(`/api/certificates/${number}`)).body).toMatchObject({ expiresOn: '2027-02-01', expired: false });
    server.clock.set('2027-02-02T09:00:00Z');
    const expired = await server.client().get(`/api/certificates/${number}`);
    expect(expired.status).toBe(200);
    expect(expired.body).toMatchObject({ certificateNumber: number, expiresOn: '2027-02-01', expired: true });
  });
});
