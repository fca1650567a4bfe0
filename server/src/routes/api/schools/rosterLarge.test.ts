import { describe, expect, it } from 'vitest';
import { invitingSchool } from '../../../test/schools.ts';
import { useTestServer } from '../../../test/useTestServer.ts';
import { ROSTER_MAX_ROWS } from '@atrium/common';

// A school allowed as many invitation mails a day as the largest roster has rows.
const server = useTestServer({ env: { INVITE_MAIL_DAILY_CAP: String(ROSTER_MAX_ROWS) } });

/**
 * The largest roster a school may upload: 5,000 people, half with an account already (who are invited like everyone else). The time
 * it takes is measured by the bench (bench/roster.ts, figures in bench/README.md), not here.
 */
describe('a 5,000-person roster', () => {
  it('previews and applies in one go, and a second run changes nothing', async () => {
    const { client, schoolId, course } = await invitingSchool(server, 'Big Trust');
    const stamp = Date.now().toString(36);
    const emails = Array.from({ length: ROSTER_MAX_ROWS }, (_, i) => `staff${i}-${stamp}@trust.sch.uk`);
    const existing = emails.filter((_, i) => i % 2 === 0);
    for (let start = 0; start < existing.length; start += 500) {
      await server
        .db('users')
        .insert(
          existing.slice(start, start + 500).map((email) => ({ email, passwordHash: 'x', role: 'learner', createdAt: Date.now(), updatedAt: Date.now() })),
        );
    }
    const csv = ['email,first name,last name', ...emails.map((email, i) => `${email},Teacher,Number ${i}`)].join('\n');

    const preview = await client.post(`/api/schools/${schoolId}/roster/preview`, { csv });
    expect(preview.status).toBe(200);
    expect(preview.body.counts).toMatchObject({ invite: 5000 });

    const applied = await client.post(`/api/schools/${schoolId}/roster`, { csv });
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ invited: 5000, unchanged: 0, skipped: 0 });
    // Nobody joins before accepting: the manager is the only member, the only one enrolled.
    expect(Number((await server.db('schoolMembers').where({ schoolId }).count({ n: '*' }).first())!.n)).toBe(1);
    expect(Number((await server.db('enrollments').where({ courseId: course.id }).count({ n: '*' }).first())!.n)).toBe(1);
    const outbox = await server.db('outbox').where('toAddress', 'like', `%-${stamp}@trust.sch.uk`).select('text');
    expect(outbox).toHaveLength(5000);
    expect(new Set(outbox.map((mail) => /token=([\w-]+)/.exec(mail.text)![1])).size).toBe(5000);

    const again = await client.post(`/api/schools/${schoolId}/roster`, { csv });
    expect(again.body).toMatchObject({ invited: 0, unchanged: 5000 });
  });
});
