import fc from 'fast-check';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../test/useTestServer.ts';
import { addMember, licensedSchool } from '../../test/deadlines.ts';
import { bundleForm, orgsCsv, sendBundle } from '../../test/oneroster.ts';

// The route table's fuzz test (routes/fuzz.test.ts) sends JSON, which the OneRoster routes refuse
// with 415 before reading anything; here they get what they do read: random files in a
// multipart form, random CSV text in users.csv, zips of random entries. Never a 5xx, and a
// member added by hand never changes.

const server = useTestServer();
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

const cell = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom('teacher', 'student', 'aide', 'org-oak', 'false', 'tobedeleted', '', '"', '\r\n', '=cmd|x', 'a@b.c'),
);
const csvText = fc
  .tuple(
    fc.constantFrom(
      'sourcedId,status,enabledUser,orgSourcedIds,role,username,givenName,familyName,email',
      'sourcedId,username,givenName,familyName,primaryOrgSourcedId',
      'sourcedId,username',
      '',
    ),
    fc.array(fc.array(cell, { maxLength: 10 }), { maxLength: 20 }),
  )
  .map(([header, rows]) => [header, ...rows.map((row) => row.join(','))].join('\n'));
const bytes = fc.oneof(
  csvText.map((text) => strToU8(text)),
  fc.uint8Array({ maxLength: 2000 }),
  fc
    .tuple(csvText, fc.constantFrom('users.csv', 'orgs.csv', 'roles.csv', '../users.csv', 'x/users.csv'))
    .map(([text, name]) => zipSync({ [name]: strToU8(text) })),
);
const files = fc.array(fc.tuple(fc.constantFrom('users.csv', 'orgs.csv', 'roles.csv', 'bundle.zip', '', '../../etc/passwd'), bytes), { maxLength: 5 });

describe('OneRoster uploads with random files', () => {
  it('answer 2xx or 4xx, never a 5xx, and leave people added by hand alone', async () => {
    server.clock.set('2026-03-02T09:00:00Z');
    const { schoolId, manager } = await licensedSchool(server, 'Oak Primary');
    const byHand = await addMember(server.db, schoolId, Date.parse('2025-09-01T09:00:00Z'), { email: 'hand@oak.sch.uk' });
    const before = JSON.stringify(await server.db('schoolMembers').where({ schoolId }).orderBy('id'));
    await fc.assert(
      fc.asyncProperty(files, fc.boolean(), async (sent, apply) => {
        const withOrgs = [
          { name: 'orgs.csv', bytes: orgsCsv([{ sourcedId: 'org-oak', name: 'Oak Primary' }]) },
          ...sent.map(([name, data]) => ({ name, bytes: data })),
        ];
        const response = await sendBundle(manager.client, `/api/schools/${schoolId}`, bundleForm(withOrgs), apply);
        expect(response.status, response.text).toBeLessThan(500);
      }),
      { numRuns: RUNS },
    );
    expect(await server.db('schoolMembers').where({ userId: byHand.id }).first()).toMatchObject({ schoolId });
    // Only the people a bundle added may have joined (at most a member or invitation each), nobody left.
    const after: Array<{ userId: number }> = await server.db('schoolMembers').where({ schoolId }).orderBy('id');
    for (const row of JSON.parse(before) as Array<{ userId: number }>) expect(after.map((member) => member.userId)).toContain(row.userId);
  });
});
