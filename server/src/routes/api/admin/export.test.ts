import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/useTestServer.ts';
import { createAdmin, createCourse, createModule, createUser, enroll, signIn, TEST_PASSWORD } from '../../../test/factories.ts';
import type { TestClient } from '../../../test/client.ts';
import { studentExportBatches } from '../../../queries/studentExport.ts';
import { whereStudent } from '../../../queries/students.ts';

const HEADERS = ['ID', 'Email', 'First name', 'Last name', 'School/company', 'Role', 'Joined', 'Enrolled courses', 'Completed modules'];
const FORMULA = '=HYPERLINK("http://evil.test","x")';
/** More than one 5,000-row batch, so the keyset paging is exercised across a boundary. */
const BULK_USERS = 5_100;

const server = useTestServer();
let admin: TestClient;

beforeAll(async () => {
  admin = server.client();
  await signIn(admin, await createAdmin(server.db, { email: 'export.admin@school.test', firstName: 'Export', lastName: 'Admin' }));
});

async function download(client: TestClient) {
  const response = await fetch(`${server.url}/api/admin/export-excel`, { headers: { cookie: client.cookieHeader } });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function readSheet(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the workbook has no sheet');
  return sheet;
}

describe('GET /api/admin/export-excel', () => {
  it('streams an .xlsx attachment with one row per user, counts included and formulas neutralised', async () => {
    const joined = Date.UTC(2025, 5, 14, 10, 30);
    const evil = await createUser(server.db, {
      email: 'evil@school.test',
      firstName: FORMULA,
      lastName: '+SUM(1,2)',
      company: '@cmd|calc',
    });
    await server.db('users').where({ id: evil.id }).update({ createdAt: joined });
    const dash = await createUser(server.db, { email: 'dash@school.test', firstName: '-2+3', lastName: '\tTabbed', company: '\r=1+1' });
    const busy = await createUser(server.db, { email: 'busy@school.test', firstName: 'Busy', lastName: 'Bee', company: 'Hill School' });
    const course = await createCourse(server);
    const other = await createCourse(server);
    const modules = [await createModule(server, course.id), await createModule(server, course.id)];
    await enroll(server.db, busy.id, course.id);
    await enroll(server.db, busy.id, other.id);
    await server.db('progress').insert(
      modules.map((module) => ({
        userId: busy.id,
        moduleId: module.id,
        courseId: course.id,
        watchedDuration: module.duration,
        position: 0,
        isCompleted: true,
        completedAt: Date.now(),
        updatedAt: Date.now(),
      })),
    );

    const { response, bytes } = await download(admin);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="students-export-${today}.xlsx"`);
    // Streamed: the length is not known up front.
    expect(response.headers.get('content-length')).toBeNull();
    expect(bytes.subarray(0, 2).toString()).toBe('PK');

    const sheet = await readSheet(bytes);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);
    const students = await whereStudent(server.db('users')).orderBy('id');
    expect(sheet.actualRowCount).toBe(students.length + 1);

    const rowOf = (userId: number) => {
      for (let r = 2; r <= sheet.rowCount; r += 1) if (sheet.getRow(r).getCell(1).value === userId) return sheet.getRow(r);
      throw new Error(`no row for user ${userId}`);
    };

    const busyRow = rowOf(busy.id);
    expect((busyRow.values as unknown[]).slice(1, 7)).toEqual([busy.id, 'busy@school.test', 'Busy', 'Bee', 'Hill School', 'learner']);
    expect(busyRow.getCell(8).value).toBe(2);
    expect(busyRow.getCell(9).value).toBe(2);

    const evilRow = rowOf(evil.id);
    const joinedCell = evilRow.getCell(7);
    expect(joinedCell.value).toBeInstanceOf(Date);
    expect((joinedCell.value as Date).toISOString().slice(0, 10)).toBe('2025-06-14');
    expect(joinedCell.numFmt).toBe('yyyy-mm-dd');
    expect(evilRow.getCell(8).value).toBe(0);
    expect(evilRow.getCell(9).value).toBe(0);

    const dangerous: Array<[ExcelJS.Cell, string]> = [
      [evilRow.getCell(3), FORMULA],
      [evilRow.getCell(4), '+SUM(1,2)'],
      [evilRow.getCell(5), '@cmd|calc'],
      [rowOf(dash.id).getCell(3), '-2+3'],
      [rowOf(dash.id).getCell(4), '\tTabbed'],
      [rowOf(dash.id).getCell(5), '\r=1+1'],
    ];
    for (const [cell, text] of dangerous) {
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
      // XML reads a bare CR back as LF (line-end normalisation); it is still the same text cell.
      expect(cell.value).toBe(text.replace(/\r/g, '\n'));
    }

    // Admins are not students (queries/students.ts): the export leaves them out, as the counts do.
    const adminId = (await server.db('users').where({ email: 'export.admin@school.test' }).first())!.id;
    expect(() => rowOf(adminId)).toThrow();
  });

  it('covers every user exactly once, in id order, across several batches', async () => {
    const now = Date.now();
    const passwordHash = (await server.db('users').first())!.passwordHash;
    const rows = Array.from({ length: BULK_USERS }, (_, i) => ({
      email: `bulk${i}@export.test`,
      passwordHash,
      firstName: 'Bulk',
      lastName: String(i),
      role: 'learner',
      createdAt: now,
      updatedAt: now,
    }));
    await server.db.batchInsert('users', rows, 500);
    const course = await createCourse(server);
    const last = await server
      .db('users')
      .where({ email: `bulk${BULK_USERS - 1}@export.test` })
      .first();
    await enroll(server.db, last!.id, course.id);

    const { response, bytes } = await download(admin);
    expect(response.status).toBe(200);
    const sheet = await readSheet(bytes);
    const ids: number[] = [];
    sheet.eachRow((row, number) => {
      if (number > 1) ids.push(row.getCell(1).value as number);
    });
    const expected = (await whereStudent(server.db('users')).select('id').orderBy('id')).map((row) => Number(row.id));
    expect(ids).toEqual(expected);
    const lastRow = sheet.getRow(ids.indexOf(Number(last!.id)) + 2);
    expect(lastRow.getCell(2).value).toBe(`bulk${BULK_USERS - 1}@export.test`);
    expect(lastRow.getCell(8).value).toBe(1);
  });

  it('reads the users in keyset batches of the given size', async () => {
    const sizes: number[] = [];
    let previousLast = 0;
    for await (const batch of studentExportBatches(server.db, 2_000)) {
      sizes.push(batch.length);
      const first = batch[0]![0] as number;
      expect(first).toBeGreaterThan(previousLast);
      previousLast = batch[batch.length - 1]![0] as number;
    }
    const total = Number(
      await whereStudent(server.db('users'))
        .count({ n: '*' })
        .then((r) => r[0]!.n),
    );
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(total);
    expect(sizes.slice(0, -1).every((size) => size === 2_000)).toBe(true);
  });

  it('is for admins only', async () => {
    const learner = await createUser(server.db);
    const client = server.client();
    await signIn(client, learner, TEST_PASSWORD);
    const refused = await download(client);
    expect(refused.response.status).toBe(403);
    expect(refused.response.headers.get('content-disposition')).toBeNull();
    expect((await server.client().get('/api/admin/export-excel')).status).toBe(401);
  });
});
