import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { newCertificateNumber } from '../../../commands/issueCertificate.ts';
import { housekeepingJobs } from '../../../reminders/jobs.ts';
import { Scheduler } from '../../../scheduler/scheduler.ts';
import { hashToken } from '../../../services/tokens.ts';
import { TEST_PASSWORD } from '../../../test/factories.ts';
import { readPdf } from '../../../test/pdfText.ts';
import { learner } from '../../../test/schools.ts';
import { useTestServer } from '../../../test/useTestServer.ts';

const server = useTestServer();
const run = promisify(execFile);

async function certificate(userId: number, completedAt: string, quarterHours: number | null, courseName: string, revokedAt: number | null = null) {
  const certificateNumber = newCertificateNumber();
  const at = Date.parse(completedAt);
  await server.db('certificates').insert({
    userId,
    courseId: null,
    certificateNumber,
    studentName: 'Sam Teacher',
    courseName,
    completionPercentage: 100,
    completedAt: at,
    issuedAt: at,
    revokedAt,
    quizScore: null,
    cpdQuarterHours: quarterHours,
  });
  return certificateNumber;
}

/** A teacher with two certified courses, a revoked one and a self-reported entry. */
async function teacherWithRecord() {
  const person = await learner(server, { firstName: 'Sam', lastName: 'Okafor' });
  const numbers = [
    await certificate(person.user.id, '2025-03-10T10:00:00Z', 6, 'Safeguarding essentials'),
    await certificate(person.user.id, '2025-10-01T10:00:00Z', 5, 'Phonics in Year 1'),
  ];
  await certificate(person.user.id, '2025-11-01T10:00:00Z', 40, 'Revoked course', Date.now());
  expect(
    (await person.client.post('/api/transcript/external', { title: 'Self-reported conference', provider: 'Elsewhere', completedOn: '2025-10-05', cpdHours: 7 }))
      .status,
  ).toBe(201);
  return { ...person, numbers };
}

const tokenOf = (url: string) => url.split('/record/')[1]!;

/** The shared record's PDF as anyone holding the link downloads it, read back as text. */
async function recordPdfText(token: string): Promise<string> {
  const pdf = await fetch(`${server.client().baseUrl}/api/records/${token}/record.pdf`);
  expect(pdf.status).toBe(200);
  return (await readPdf(new Uint8Array(await pdf.arrayBuffer()))).pages.map((page) => page.text).join('\n');
}

/**
 * The QR code's modules as drawn on the PDF's first page: the page rendered by poppler
 * (pdftoppm, 4 pixels a point) and each module's centre read as dark or light.
 */
async function qrModulesOnPage(pdf: Buffer, size: number): Promise<boolean[][]> {
  const dir = await mkdtemp(join(tmpdir(), 'record-pdf-'));
  try {
    await writeFile(join(dir, 'record.pdf'), pdf);
    await run('pdftoppm', ['-gray', '-r', '288', '-f', '1', '-l', '1', join(dir, 'record.pdf'), join(dir, 'page')]);
    const image = await readFile(join(dir, 'page-1.pgm'));
    // Binary PGM: "P5\n<width> <height>\n<max>\n" then one byte a pixel.
    const header = image.toString('latin1', 0, 40).match(/^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/)!;
    const width = Number(header[1]);
    const offset = header[0].length;
    const scale = 4;
    // As recordPdf.ts draws it: 96 points square at the top right, inside a 50-point margin, a quiet zone of 2 modules.
    const pageWidth = 595.28;
    const left = pageWidth - 50 - 96;
    const cell = 96 / (size + 4);
    const modules: boolean[][] = [];
    for (let row = 0; row < size; row += 1) {
      const line: boolean[] = [];
      for (let column = 0; column < size; column += 1) {
        const x = Math.round((left + (column + 2.5) * cell) * scale);
        const y = Math.round((50 + (row + 2.5) * cell) * scale);
        line.push(image[offset + y * width + x]! < 128);
      }
      modules.push(line);
    }
    return modules;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('sharing the CPD record (issue 59)', () => {
  it('a link shows the verified record only (no self-reported entry, no revoked certificate, no address), kept only as a hash', async () => {
    const { client, user, numbers } = await teacherWithRecord();
    const created = await client.post('/api/transcript/shares', { label: 'Interview at Oak Academy' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ label: 'Interview at Oak Academy', url: expect.stringMatching(/\/record\/[A-Za-z0-9_-]{43}$/) });
    const token = tokenOf(created.body.url);
    expect(created.body.pdfUrl).toBe(`${server.config.publicUrl}/api/records/${token}/record.pdf`);
    const stored = await server.db('transcriptShares').where({ userId: user.id });
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    const anonymous = server.client();
    const response = await anonymous.get(`/api/records/${token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('no-store');
    expect(response.body).toMatchObject({
      name: 'Sam Okafor',
      totalVerifiedHours: 2.75,
      years: [
        { label: '2025–26', verifiedHours: 1.25, courses: 1 },
        { label: '2024–25', verifiedHours: 1.5, courses: 1 },
      ],
    });
    expect(response.body.courses.map((course: { certificateNumber: string }) => course.certificateNumber)).toEqual([numbers[1], numbers[0]]);
    expect(response.body.courses[0].verifyPath).toBe(`/verify?number=${numbers[1]}`);
    expect(response.text).not.toContain('Self-reported conference');
    expect(response.text).not.toContain('Revoked course');
    expect(response.text).not.toContain(user.email);

    const listed = await client.get('/api/transcript/sharing');
    expect(listed.body.links).toEqual([{ id: created.body.id, label: 'Interview at Oak Academy', createdAt: expect.any(String) }]);
    expect(listed.text).not.toContain(token);
  });

  it('a person who gave no name is "Name not given" on the record and its PDF, never the address an old certificate printed', async () => {
    const { client, user } = await learner(server, { firstName: null, lastName: null });
    // Certificates issued before names were asked for hold the e-mail address as the name.
    const at = Date.parse('2025-03-10T10:00:00Z');
    await server.db('certificates').insert({
      userId: user.id,
      courseId: null,
      certificateNumber: newCertificateNumber(),
      studentName: user.email,
      courseName: 'Safeguarding essentials',
      completionPercentage: 100,
      completedAt: at,
      issuedAt: at,
      revokedAt: null,
      quizScore: null,
      cpdQuarterHours: 4,
    });
    const created = await client.post('/api/transcript/shares', { label: 'Interview' });
    expect(created.status).toBe(201);
    const token = tokenOf(created.body.url);
    const anonymous = server.client();
    const record = await anonymous.get(`/api/records/${token}`);
    expect(record.status).toBe(200);
    expect(record.body.name).toBe('Name not given');
    expect(record.text).not.toContain(user.email);
    const text = await recordPdfText(token);
    expect(text).toContain('Name not given');
    expect(text).not.toContain(user.email);
  });

  it('the PDF prints a name and a course outside Windows-1252 as written', async () => {
    const { client, user } = await learner(server, { firstName: 'Łukasz', lastName: 'Wiśniewski-Ŵyn' });
    await certificate(user.id, '2025-03-10T10:00:00Z', 4, 'Фотографія для шкіл · Φωτογραφία');
    const token = tokenOf((await client.post('/api/transcript/shares', {})).body.url);
    const text = await recordPdfText(token);
    expect(text).toContain('Łukasz Wiśniewski-Ŵyn');
    expect(text).toContain('Фотографія для шкіл · Φωτογραφία');
  });

  it('the printable PDF states the verified record, read back, with a QR code of the public page, and nothing self-reported', async () => {
    const { client, numbers } = await teacherWithRecord();
    const created = await client.post('/api/transcript/shares', {});
    const token = tokenOf(created.body.url);
    const response = await fetch(`${server.client().baseUrl}/api/records/${token}/record.pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await response.arrayBuffer());
    const text = (await readPdf(new Uint8Array(bytes))).pages
      .map((page) => page.text)
      .join('\n')
      .replace(/\s+/g, ' ');
    for (const expected of [
      'Verified CPD record',
      'Sam Okafor',
      'Verified hours in all: 2.75',
      '2025–26',
      '1.25 hours · 1 course',
      'Phonics in Year 1',
      'Safeguarding essentials',
      '1.5 CPD hours',
      `Certificate ${numbers[0]}`,
      `Certificate ${numbers[1]}`,
      created.body.url,
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('Self-reported conference');
    expect(text).not.toContain('Revoked course');
    // poppler reads the same words.
    const dir = await mkdtemp(join(tmpdir(), 'record-text-'));
    await writeFile(join(dir, 'r.pdf'), bytes);
    const { stdout } = await run('pdftotext', [join(dir, 'r.pdf'), '-']);
    await rm(dir, { recursive: true, force: true });
    expect(stdout).toContain('Phonics in Year 1');
    // The QR code drawn is the public page's URL, module by module.
    const expected = QRCode.create(created.body.url, { errorCorrectionLevel: 'M' }).modules;
    const drawn = await qrModulesOnPage(bytes, expected.size);
    const wanted = Array.from({ length: expected.size }, (_, row) => Array.from({ length: expected.size }, (_, column) => Boolean(expected.get(row, column))));
    expect(drawn).toEqual(wanted);
  });

  it('the owner stops a link: it answers 404 at once, like a made-up token; another person cannot stop it', async () => {
    const { client } = await teacherWithRecord();
    const created = await client.post('/api/transcript/shares', {});
    const token = tokenOf(created.body.url);
    const other = await learner(server);
    expect((await other.client.delete(`/api/transcript/shares/${created.body.id}`)).status).toBe(404);
    expect((await server.client().get(`/api/records/${token}`)).status).toBe(200);
    expect((await client.delete(`/api/transcript/shares/${created.body.id}`)).status).toBe(204);
    expect((await client.delete(`/api/transcript/shares/${created.body.id}`)).status).toBe(404);
    const stopped = await server.client().get(`/api/records/${token}`);
    expect(stopped.status).toBe(404);
    expect(stopped.body.message).toBe('This record link does not work: it was mistyped, or its owner stopped it');
    expect((await fetch(`${server.client().baseUrl}/api/records/${token}/record.pdf`)).status).toBe(404);
    expect((await server.client().get(`/api/records/${'A'.repeat(43)}`)).status).toBe(404);
    expect((await server.client().get('/api/records/short')).status).toBe(400);
    expect((await client.get('/api/transcript/sharing')).body.links).toEqual([]);
  });

  it('a stopped link stays in "Download my data" for 30 days, then the record-link-prune job deletes it; working links stay', async () => {
    const { client } = await teacherWithRecord();
    const stopped = (await client.post('/api/transcript/shares', { label: 'Old application' })).body;
    const working = (await client.post('/api/transcript/shares', { label: 'Governors' })).body;
    expect((await client.delete(`/api/transcript/shares/${stopped.id}`)).status).toBe(204);
    const scheduler = new Scheduler(server.app.deps, housekeepingJobs());
    const rows = async () => (await server.db('transcriptShares').whereIn('id', [stopped.id, working.id]).orderBy('id').pluck('id')).map(Number);

    server.clock.advance(30 * 24 * 60 * 60_000 - 60_000);
    await scheduler.runNow('record-link-prune');
    expect(await rows()).toEqual([stopped.id, working.id]);
    server.clock.advance(2 * 60_000);
    expect(await scheduler.runNow('record-link-prune')).toMatchObject({ outcome: 'ran', sent: expect.any(Number) });
    expect(await rows()).toEqual([working.id]);
    expect((await client.get('/api/transcript/sharing')).body.links.map((link: { id: number }) => link.id)).toEqual([working.id]);
  });

  it('at most ten links work at once; signed-out callers cannot make or list them; they go with the account', async () => {
    const { client, user } = await teacherWithRecord();
    const tokens: string[] = [];
    for (let i = 0; i < 10; i += 1) tokens.push(tokenOf((await client.post('/api/transcript/shares', { label: `Link ${i}` })).body.url));
    expect((await client.post('/api/transcript/shares', {})).status).toBe(409);
    expect((await client.post('/api/transcript/shares', { label: 'x'.repeat(101) })).status).toBe(400);
    expect((await server.client().post('/api/transcript/shares', {})).status).toBe(401);
    expect((await server.client().get('/api/transcript/sharing')).status).toBe(401);
    const exported = (await client.get('/api/user/export')).body;
    expect(exported.cpdSharing.links).toHaveLength(10);
    expect(JSON.stringify(exported)).not.toContain(tokens[0]);
    expect((await client.delete('/api/user', { password: TEST_PASSWORD, certificates: 'keep' })).status).toBe(200);
    expect(await server.db('transcriptShares').where({ userId: user.id })).toEqual([]);
    expect((await server.client().get(`/api/records/${tokens[0]}`)).status).toBe(404);
  });
});
