import { describe, expect, it } from 'vitest';
import { MAX_GROUPS_PER_OWNER } from '../../../commands/groups.ts';
import { ROSTER_GROUPS_PER_ROW } from '../../../commands/schools/roster.ts';
import type { Db } from '../../../db/knex.ts';
import { invitingSchool } from '../../../test/schools.ts';
import { adminClient, trustManagerOf, trustOf } from '../../../test/trusts.ts';
import { useTestServer } from '../../../test/useTestServer.ts';

// How many groups a school or a trust can have (commands/groups.ts, MAX_GROUPS_PER_OWNER): a
// manager's form, a roster file and a directory all add to one table, so each stops at the bound
// with a sentence saying what to do, never a 500, and nothing half-written.

const server = useTestServer();
const groupCount = async (db: Db, where: { schoolId: number } | { trustId: number }) => Number((await db('groups').where(where).count({ n: '*' }).first())!.n);

/** Fills the owner's groups up to `count` straight in the table (the API would take a while). */
async function fillGroups(db: Db, where: { schoolId: number } | { trustId: number }, count: number): Promise<void> {
  const rows = Array.from({ length: count }, (_, i) => ({
    schoolId: 'schoolId' in where ? where.schoolId : null,
    trustId: 'trustId' in where ? where.trustId : null,
    name: `Filler ${i}`,
    nameKey: `filler ${i}`,
    createdAt: Date.now(),
  }));
  for (let start = 0; start < rows.length; start += 200) await db('groups').insert(rows.slice(start, start + 200));
}

const groupList = (count: number, prefix = 'g') => Array.from({ length: count }, (_, i) => `${prefix}${i}`).join(';');

describe('a roster naming groups', () => {
  it('refuses a row naming more groups than a person is put in at once, and a list naming more groups than a school can have, with a 400 and nothing written', async () => {
    const manager = await invitingSchool(server, 'Larch Academy');
    const base = `/api/schools/${manager.schoolId}`;
    const crowded = `Email,Groups\r\nann@larch.sch.uk,"${groupList(ROSTER_GROUPS_PER_ROW + 1)}"\r\nbob@larch.sch.uk,Office\r\n`;
    const preview = await manager.client.post(`${base}/roster/preview`, { csv: crowded });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.rows[0]).toMatchObject({ status: 'invalid', problem: `A person can be put in at most ${ROSTER_GROUPS_PER_ROW} groups at once` });
    expect(preview.body.groups).toEqual([{ name: 'Office', exists: false, people: 1 }]);
    const applied = await manager.client.post(`${base}/roster`, { csv: crowded, createGroups: true });
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body).toMatchObject({ invited: 1, skipped: 1, groupsCreated: 1 });

    // Twenty names a row is allowed, but across the rows the list names more than a school can have.
    const rows = Array.from(
      { length: Math.ceil((MAX_GROUPS_PER_OWNER + 1) / ROSTER_GROUPS_PER_ROW) },
      (_, row) => `person${row}@larch.sch.uk,"${Array.from({ length: ROSTER_GROUPS_PER_ROW }, (_, i) => `r${row}g${i}`).join(';')}"`,
    );
    const sprawling = `Email,Groups\r\n${rows.join('\r\n')}\r\n`;
    const before = { groups: await groupCount(server.db, { schoolId: manager.schoolId }), invites: await server.db('schoolInvites').count({ n: '*' }).first() };
    for (const path of ['roster/preview', 'roster']) {
      const refused = await manager.client.post(`${base}/${path}`, { csv: sprawling, createGroups: true });
      expect(refused.status, refused.text).toBe(400);
      expect(refused.body.message).toMatch(/a school can have at most 1,000/);
      expect(refused.body.errors).toHaveProperty('csv');
    }
    expect(await groupCount(server.db, { schoolId: manager.schoolId })).toBe(before.groups);
    expect(await server.db('schoolInvites').count({ n: '*' }).first()).toEqual(before.invites);
  });

  it('creates no groups past the school’s bound: a 409, and nobody is invited', async () => {
    const manager = await invitingSchool(server, 'Hazel Academy');
    const base = `/api/schools/${manager.schoolId}`;
    await fillGroups(server.db, { schoolId: manager.schoolId }, MAX_GROUPS_PER_OWNER - 2);
    const invitesBefore = await server.db('schoolInvites').where({ schoolId: manager.schoolId }).count({ n: '*' }).first();
    const three = await manager.client.post(`${base}/roster`, { csv: `Email,Groups\r\ncy@hazel.sch.uk,"A;B;C"\r\n`, createGroups: true });
    expect(three.status, three.text).toBe(409);
    expect(three.body.message).toMatch(/at most 1,000 groups, and this would add 3/);
    expect(await groupCount(server.db, { schoolId: manager.schoolId })).toBe(MAX_GROUPS_PER_OWNER - 2);
    expect(await server.db('schoolInvites').where({ schoolId: manager.schoolId }).count({ n: '*' }).first()).toEqual(invitesBefore);
    // Existing names cost nothing: two new ones still fit.
    const two = await manager.client.post(`${base}/roster`, { csv: `Email,Groups\r\ncy@hazel.sch.uk,"A;B;Filler 7"\r\n`, createGroups: true });
    expect(two.status, two.text).toBe(200);
    expect(two.body.groupsCreated).toBe(2);
    expect(await groupCount(server.db, { schoolId: manager.schoolId })).toBe(MAX_GROUPS_PER_OWNER);
  });
});

describe('creating a group by hand', () => {
  it('stops at the bound for a school and for a trust, with a 409 saying what to do', async () => {
    const manager = await invitingSchool(server, 'Rowan Primary');
    await fillGroups(server.db, { schoolId: manager.schoolId }, MAX_GROUPS_PER_OWNER - 1);
    const last = await manager.client.post(`/api/schools/${manager.schoolId}/groups`, { name: 'Last one' });
    expect(last.status, last.text).toBe(201);
    const past = await manager.client.post(`/api/schools/${manager.schoolId}/groups`, { name: 'One too many' });
    expect(past.status).toBe(409);
    expect(past.body.message).toBe('Your school has 1,000 groups, the most it can have: delete groups it no longer uses, then create this one.');
    // A name the school already uses is still the clearer answer.
    expect((await manager.client.post(`/api/schools/${manager.schoolId}/groups`, { name: 'last ONE' })).body.message).toMatch(/already a group called/);
    // Deleting one makes room again.
    expect((await manager.client.delete(`/api/schools/${manager.schoolId}/groups/${last.body.id}`)).status).toBe(204);
    expect((await manager.client.post(`/api/schools/${manager.schoolId}/groups`, { name: 'One too many' })).status).toBe(201);
    expect(await groupCount(server.db, { schoolId: manager.schoolId })).toBe(MAX_GROUPS_PER_OWNER);

    const admin = await adminClient(server);
    const trustId = await trustOf(admin, 'Rowan Trust', [manager.schoolId]);
    const trustManager = await trustManagerOf(server, admin, trustId);
    await fillGroups(server.db, { trustId }, MAX_GROUPS_PER_OWNER);
    const trustPast = await trustManager.client.post(`/api/trusts/${trustId}/groups`, { name: 'Heads' });
    expect(trustPast.status).toBe(409);
    expect(trustPast.body.message).toMatch(/^This trust has 1,000 groups/);
    expect(await groupCount(server.db, { trustId })).toBe(MAX_GROUPS_PER_OWNER);
  });
});
