import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, type AccessibilityStatementDto, type ContactMessageDto } from '@atrium/common';
import type { TestClient } from '../../../test/client.ts';
import { createAdmin, createCourse, createModule, createUser, signIn } from '../../../test/factories.ts';
import { createTestServer, type TestServer } from '../../../test/server.ts';

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

const SETTINGS = {
  contactEmail: 'Access@Agency.test',
  contactPhone: '+44 20 7946 0001',
  responseDays: 3,
  testedOn: '2026-11-02',
  testedBy: 'Atrium Ltd, with axe-core browser tests',
  knownIssues: 'The certificate PDF is not yet tagged for screen readers.',
};

describe('GET /api/accessibility', () => {
  it('answers anyone, with the defaults before an admin has saved anything and the modules without captions by course', async () => {
    const course = await createCourse(server.app.deps, { title: 'Filming on a phone' });
    const captioned = await createModule(server.app.deps, course.id, { title: 'Light' });
    const bare = await createModule(server.app.deps, course.id, { title: 'Sound' });
    await server.db('captions').insert({
      moduleId: captioned.id,
      lang: 'en',
      label: 'English',
      vtt: 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHi\n',
      cueCount: 1,
      sourceFormat: 'vtt',
      createdAt: Date.now(),
      updatedAt: Date.now(),
    });
    server.app.deps.catalogue.invalidate();

    const response = await server.client().get('/api/accessibility');
    expect(response.status).toBe(200);
    const body = response.body as AccessibilityStatementDto;
    expect(body.settings).toEqual({
      contactEmail: null,
      contactPhone: null,
      responseDays: 5,
      testedOn: null,
      testedBy: null,
      knownIssues: null,
      updatedAt: null,
    });
    expect(body.contactEmail).toBe('support@atrium.test');
    const entry = body.uncaptioned.find((item) => item.courseId === course.id);
    expect(entry).toEqual({ courseId: course.id, title: 'Filming on a phone', modules: [{ moduleId: bare.id, title: 'Sound' }] });
    expect(body.uncaptioned.flatMap((item) => item.modules.map((module) => module.moduleId))).not.toContain(captioned.id);
    expect(body.captionedModules).toBeGreaterThanOrEqual(1);
    expect(body.totalModules).toBeGreaterThanOrEqual(body.captionedModules + 1);
  });
});

describe('PUT /api/admin/accessibility', () => {
  it('saves the agency’s parts for an admin, and the public statement then says them', async () => {
    const saved = await admin.put('/api/admin/accessibility', SETTINGS);
    expect(saved.status).toBe(200);
    expect((saved.body as AccessibilityStatementDto).settings).toMatchObject({ ...SETTINGS, contactEmail: 'access@agency.test' });

    const again = await admin.put('/api/admin/accessibility', { ...SETTINGS, responseDays: 10, knownIssues: '' });
    expect(again.status).toBe(200);
    const statement = (await server.client().get('/api/accessibility')).body as AccessibilityStatementDto;
    expect(statement.settings).toMatchObject({ responseDays: 10, knownIssues: null, testedOn: '2026-11-02' });
    expect(statement.settings.updatedAt).not.toBeNull();
    expect(statement.contactEmail).toBe('access@agency.test');
    expect(await server.db('accessibilitySettings').count({ n: '*' })).toEqual([{ n: 1 }]);
  });

  it('refuses bad input field by field and changes nothing', async () => {
    const before = (await server.client().get('/api/accessibility')).body as AccessibilityStatementDto;
    const response = await admin.put('/api/admin/accessibility', {
      contactEmail: 'not an address',
      responseDays: 0,
      testedOn: '2026-02-30',
      knownIssues: 'x'.repeat(5001),
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors as Record<string, string>).sort()).toEqual(['contactEmail', 'knownIssues', 'responseDays', 'testedOn']);
    expect(response.body.errors.responseDays).toBe('Give a whole number of working days from 1 to 60');
    expect(((await server.client().get('/api/accessibility')).body as AccessibilityStatementDto).settings).toEqual(before.settings);
  });

  it('refuses a review dated after today by the app clock, and names "Reviewed by" in its error', async () => {
    // Noon (UTC) of the coming day, always ahead of real time so sessions stay valid.
    const noon = Math.ceil(server.clock.now().getTime() / DAY_MS) * DAY_MS + DAY_MS / 2;
    const day = (offset: number) => new Date(noon + offset * DAY_MS).toISOString().slice(0, 10);
    server.clock.set(new Date(noon));
    try {
      const future = await admin.put('/api/admin/accessibility', { ...SETTINGS, testedOn: day(2), testedBy: 'x'.repeat(501) });
      expect(future.status).toBe(400);
      expect(future.body.errors.testedBy).toMatch(/^Reviewed by /);
      const later = await admin.put('/api/admin/accessibility', { ...SETTINGS, testedOn: day(2) });
      expect(later.status).toBe(400);
      expect(later.body.errors).toEqual({ testedOn: 'The last review cannot be in the future: give the day it was done' });
      expect((await admin.put('/api/admin/accessibility', { ...SETTINGS, testedOn: day(0) })).status).toBe(200);
      // Already tomorrow in New Zealand: a review done there today is not refused.
      expect((await admin.put('/api/admin/accessibility', { ...SETTINGS, testedOn: day(1) })).status).toBe(200);
    } finally {
      server.clock.reset();
    }
  });

  it('is the admin’s only: 401 signed out, 403 for a learner', async () => {
    expect((await server.client().put('/api/admin/accessibility', SETTINGS)).status).toBe(401);
    const learner = server.client();
    await signIn(learner, await createUser(server.db));
    expect((await learner.put('/api/admin/accessibility', SETTINGS)).status).toBe(403);
  });
});

describe('POST /api/accessibility/reports', () => {
  it('lands in the admin inbox as an accessibility report and mails the statement’s contact address', async () => {
    const response = await server.client().post('/api/accessibility/reports', {
      name: 'Rosa Parks',
      email: 'rosa@school.test',
      page: '/courses/1',
      message: 'The transcript search box has no label\nfor my screen reader.',
    });
    expect(response.status).toBe(201);
    expect(response.body.message).toMatch(/within \d+ working days/);

    const inbox = await admin.get('/api/admin/contact-messages');
    const report = (inbox.body as ContactMessageDto[]).find((message) => message.email === 'rosa@school.test');
    expect(report).toMatchObject({ name: 'Rosa Parks', source: 'accessibility', handledAt: null });
    expect(report!.message).toBe('Page or feature: /courses/1\n\nThe transcript search box has no label\nfor my screen reader.');

    const mail = await server.db('outbox').where('text', 'like', '%rosa@school.test%').first();
    expect(mail).toMatchObject({ toAddress: 'access@agency.test' });
    expect(mail!.subject).toContain('Accessibility problem reported by Rosa Parks');
    expect(mail!.text).toContain('for my screen reader.');
  });

  it('refuses missing and malformed fields with a reason beside each, storing nothing', async () => {
    const before = await server.db('contactMessages').count({ n: '*' });
    const response = await server.client().post('/api/accessibility/reports', { name: ' ', email: 'nope', message: '', page: 'p'.repeat(501) });
    expect(response.status).toBe(400);
    expect(response.body.errors).toMatchObject({
      name: 'Name is required',
      email: expect.any(String),
      message: 'Message is required',
      page: 'Page or feature can be at most 500 characters',
    });
    expect(await server.db('contactMessages').count({ n: '*' })).toEqual(before);
  });

  it('is rate limited per address like the contact form, with Retry-After', async () => {
    const limited = await createTestServer({ RATE_LIMIT_MULTIPLIER: '1' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i += 1) {
        statuses.push((await limited.client().post('/api/accessibility/reports', { name: 'Spam', email: 'spam@x.test', message: `#${i}` })).status);
      }
      expect(statuses.slice(0, 20).every((status) => status === 201)).toBe(true);
      expect(statuses[20]).toBe(429);
      const last = await limited.client().post('/api/accessibility/reports', { name: 'Spam', email: 'spam@x.test', message: 'again' });
      expect(last.status).toBe(429);
      expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
      // The contact form keeps its own allowance.
      expect((await limited.client().post('/api/contact', { name: 'Ann', email: 'ann@x.test', message: 'Hello' })).status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
