import { describe, expect, it } from 'vitest';
import { newCertificateNumber } from '../../../commands/issueCertificate.ts';
import { presentTranscript } from '../../../presenters/transcript.ts';
import { createUser, signIn, TEST_PASSWORD } from '../../../test/factories.ts';
import { useTestServer } from '../../../test/useTestServer.ts';

const server = useTestServer();

async function certificate(userId: number, completedAt: string, quarterHours: number | null, fields: { revokedAt?: number; quizScore?: number } = {}) {
  const certificateNumber = newCertificateNumber();
  const at = Date.parse(completedAt);
  await server.db('certificates').insert({
    userId,
    courseId: null,
    certificateNumber,
    studentName: 'Sam Teacher',
    courseName: `Course of ${completedAt}`,
    completionPercentage: 100,
    completedAt: at,
    issuedAt: at,
    revokedAt: fields.revokedAt ?? null,
    quizScore: fields.quizScore ?? null,
    cpdQuarterHours: quarterHours,
  });
  return certificateNumber;
}

async function signedInLearner() {
  const user = await createUser(server.db);
  const client = server.client();
  await signIn(client, user);
  return { user, client };
}

const entry = { title: 'Phonics refresher', provider: 'Local authority', completedOn: '2025-10-02', cpdHours: 1.5 };

describe('the CPD transcript (issue 59)', () => {
  it('lists every completed course with its date, hours, score and credential, and totals hours per school year (1 September–31 August), verified apart from self-reported', async () => {
    const { user, client } = await signedInLearner();
    await certificate(user.id, '2025-08-31T12:00:00Z', 5, { quizScore: 90 });
    const september = await certificate(user.id, '2025-09-01T09:00:00Z', 3);
    await certificate(user.id, '2026-03-15T09:00:00Z', null);
    await certificate(user.id, '2026-04-01T09:00:00Z', 8, { revokedAt: Date.now() });
    // Someone else's certificate is never on it.
    await certificate((await createUser(server.db)).id, '2025-10-01T09:00:00Z', 40);
    expect((await client.post('/api/transcript/external', entry)).status).toBe(201);
    expect((await client.post('/api/transcript/external', { ...entry, title: 'Trust conference', completedOn: '2026-08-31', cpdHours: 0.25 })).status).toBe(
      201,
    );

    const response = await client.get('/api/transcript');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('no-store');
    const transcript = response.body;
    expect(transcript.courses.map((course: { completedOn: string }) => course.completedOn)).toEqual(['2026-03-15', '2025-09-01', '2025-08-31']);
    expect(transcript.courses[1]).toEqual({
      certificateNumber: september,
      courseName: 'Course of 2025-09-01T09:00:00Z',
      completedAt: '2025-09-01T09:00:00.000Z',
      completedOn: '2025-09-01',
      cpdHours: 0.75,
      ceus: null,
      quizScore: null,
      certificatePath: `/certificate/${september}`,
      credentialPath: `/api/certificates/${september}/credential`,
    });
    expect(transcript.courses[2]).toMatchObject({ cpdHours: 1.25, quizScore: 90 });
    expect(transcript.courses[0]).toMatchObject({ cpdHours: null });
    expect(transcript.years).toEqual([
      { label: '2025–26', start: '2025-09-01', end: '2026-08-31', verifiedHours: 0.75, selfReportedHours: 1.75, courses: 2, externalEntries: 2 },
      { label: '2024–25', start: '2024-09-01', end: '2025-08-31', verifiedHours: 1.25, selfReportedHours: 0, courses: 1, externalEntries: 0 },
    ]);
    expect(transcript).toMatchObject({ yearStartMonth: 9, totalVerifiedHours: 2, totalSelfReportedHours: 1.75 });
    expect(transcript.external.map((row: { title: string }) => row.title)).toEqual(['Trust conference', 'Phonics refresher']);
  });

  it('a US July–June year (CPD_YEAR_START_MONTH=7) puts the same days in other years', () => {
    const row = (completedAt: string, quarterHours: number) =>
      ({
        certificateNumber: 'ATR-X',
        courseName: 'C',
        completedAt: Date.parse(completedAt),
        cpdQuarterHours: quarterHours,
        ceuHundredths: null,
        quizScore: null,
      }) as never;
    const transcript = presentTranscript(
      { certificates: [row('2025-06-30T12:00:00Z', 4), row('2025-07-01T12:00:00Z', 2), row('2026-06-30T12:00:00Z', 1)], external: [] },
      7,
    );
    expect(transcript.years.map((year) => [year.label, year.start, year.end, year.verifiedHours])).toEqual([
      ['2025–26', '2025-07-01', '2026-06-30', 0.75],
      ['2024–25', '2024-07-01', '2025-06-30', 1],
    ]);
  });

  it('external CPD: hours to a quarter hour, a real date not in the future, a title and provider; refused field by field', async () => {
    const { client } = await signedInLearner();
    const tomorrowButOne = new Date(server.clock.now().getTime() + 3 * 86_400_000).toISOString().slice(0, 10);
    for (const [body, field, message] of [
      [{ ...entry, cpdHours: 1.1 }, 'cpdHours', 'CPD hours go to the quarter hour, e.g. 1, 1.25, 1.5 or 1.75'],
      [{ ...entry, cpdHours: 0 }, 'cpdHours', 'CPD hours must be between 0.25 and 500'],
      [{ ...entry, completedOn: '2026-02-30' }, 'completedOn', 'Enter the date it was completed as YYYY-MM-DD'],
      [{ ...entry, completedOn: tomorrowButOne }, 'completedOn', 'The date it was completed cannot be in the future'],
      [{ ...entry, title: '  ' }, 'title', 'Title is required'],
      [{ ...entry, provider: 'x'.repeat(201) }, 'provider', 'Provider can be at most 200 characters'],
    ] as const) {
      const response = await client.post('/api/transcript/external', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.errors[field]).toBe(message);
    }
    expect((await client.get('/api/transcript')).body.external).toEqual([]);
  });

  it('a person removes their own entries only; another person’s is not found', async () => {
    const owner = await signedInLearner();
    const other = await signedInLearner();
    const created = await owner.client.post('/api/transcript/external', entry);
    expect(created.body).toMatchObject({ title: 'Phonics refresher', provider: 'Local authority', completedOn: '2025-10-02', cpdHours: 1.5 });
    expect((await other.client.delete(`/api/transcript/external/${created.body.id}`)).status).toBe(404);
    expect((await other.client.get('/api/transcript')).body.external).toEqual([]);
    expect((await owner.client.get('/api/transcript')).body.external).toHaveLength(1);
    expect((await owner.client.delete(`/api/transcript/external/${created.body.id}`)).status).toBe(204);
    expect((await owner.client.get('/api/transcript')).body.external).toEqual([]);
    expect((await server.client().get('/api/transcript')).status).toBe(401);
  });

  it('the entries are in "Download my data" and go with the account', async () => {
    const { user, client } = await signedInLearner();
    await certificate(user.id, '2025-09-10T09:00:00Z', 6);
    await client.post('/api/transcript/external', entry);
    const exported = (await client.get('/api/user/export')).body;
    expect(exported.externalCpd).toEqual([
      { title: 'Phonics refresher', provider: 'Local authority', completedOn: '2025-10-02', cpdHours: 1.5, createdAt: expect.any(String), evidence: null },
    ]);
    expect(exported.certificates[0]).toMatchObject({ cpdHours: 1.5 });
    const deleted = await client.delete('/api/user', { password: TEST_PASSWORD, certificates: 'keep' });
    expect(deleted.status).toBe(200);
    expect(await server.db('externalCpd').where({ userId: user.id })).toEqual([]);
  });
});
