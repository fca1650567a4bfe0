import { createDirectoryToken } from '../server/src/commands/directory/tokens.ts';
import { createSchool } from '../server/src/commands/schools/membership.ts';
import { createTrust, createTrustSchool } from '../server/src/commands/trusts.ts';
import type { Db } from '../server/src/db/knex.ts';
import type { LoadResult } from './load.ts';

/**
 * Directory sync (issue 56): one SCIM token's traffic as Microsoft Entra ID sends it while
 * provisioning, replayed by `workers` concurrent clients for `duration` seconds: look the person
 * up by userName, create them (a member at once: the address is on the school's proven domain),
 * PATCH their name the way Entra does, read them back. Each request is one of the token's; the
 * target is Entra's pace (≥ 25 requests a second per token) with p95 ≤ 200 ms.
 */
export interface ScimBench {
  result: LoadResult;
  p95: number;
  /** p95 per kind of request (GET filter, POST, PATCH, GET by id), in ms. */
  p95By: Record<string, number>;
  requests: number;
  created: number;
}

const SCHOOLS_PER_TRUST = 20;
const STAFF_PER_SCHOOL = 250;
const MEMBERS_PER_PATCH = 100;

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** A fresh school with a proven domain and a directory token, made straight in the database. */
async function directorySchool(db: Db, now: number): Promise<{ token: string; domain: string }> {
  const stamp = `${now.toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const [managerId] = await db('users').insert({
    email: `scim-bench-${stamp}@bench.test`,
    passwordHash: '',
    firstName: 'Scim',
    lastName: 'Bench',
    role: 'learner',
    createdAt: now,
    updatedAt: now,
    emailVerifiedAt: now,
  });
  const schoolId = await createSchool(db, { name: `SCIM bench ${stamp}`, country: 'GB' }, Number(managerId), now);
  const domain = `scim-${stamp}.bench.sch.uk`;
  await db('schoolDomains').insert({ schoolId, domain, verifiedAt: now, verifiedBy: null, createdAt: now, verifiedDomain: domain, proof: 'admin' });
  const { secret } = await createDirectoryToken(db, { kind: 'school', id: schoolId }, 'bench', Number(managerId), now);
  return { token: secret, domain };
}

export async function scimScenario(base: string, db: Db, options: { duration: number; workers: number }): Promise<ScimBench> {
  const { token, domain } = await directorySchool(db, Date.now());
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json', accept: 'application/scim+json' };
  const latencies: number[] = [];
  const byKind: Record<string, number[]> = {};
  const statusCodes: Record<string, number> = {};
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  let created = 0;
  let sequence = 0;
  const call = async (kind: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> | null }> => {
    const started = performance.now();
    try {
      const response = await fetch(`${base}/scim/v2${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await response.text();
      const elapsed = performance.now() - started;
      statusCodes[response.status] = (statusCodes[response.status] ?? 0) + 1;
      if (response.status >= 200 && response.status < 300) {
        ok += 1;
        latencies.push(elapsed);
        (byKind[kind] ??= []).push(elapsed);
      } else non2xx += 1;
      return { status: response.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : null };
    } catch {
      errors += 1;
      return { status: 0, json: null };
    }
  };
  const started = performance.now();
  const until = started + options.duration * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const n = (sequence += 1);
      const email = `staff${n}@${domain}`;
      await call('GET filter', 'GET', `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`);
      const made = await call('POST', 'POST', '/Users', {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        externalId: `bench-${n}`,
        userName: email,
        active: true,
        name: { givenName: 'Sam', familyName: `Staff ${n}` },
        emails: [{ primary: true, type: 'work', value: email }],
      });
      const id = made.json?.id;
      if (made.status !== 201 || typeof id !== 'string') continue;
      created += 1;
      await call('PATCH', 'PATCH', `/Users/${id}`, {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'Replace', path: 'name.givenName', value: 'Samantha' }],
      });
      await call('GET by id', 'GET', `/Users/${id}`);
    }
  };
  await Promise.all(Array.from({ length: options.workers }, worker));
  const seconds = (performance.now() - started) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    result: { rps: ok / seconds, ok, non2xx, errors, seconds, p50: percentile(sorted, 50), p99: percentile(sorted, 99), statusCodes },
    p95: percentile(sorted, 95),
    p95By: Object.fromEntries(
      Object.entries(byKind).map(([kind, values]) => [
        kind,
        Math.round(
          percentile(
            [...values].sort((a, b) => a - b),
            95,
          ),
        ),
      ]),
    ),
    requests: ok + non2xx + errors,
    created,
  };
}

export interface TrustProvisioning {
  schools: number;
  people: number;
  /** Users created (members on the schools' proven domains). */
  created: number;
  /** Group memberships the directory pushed (each school's group and the trust-wide one). */
  memberships: number;
  /** Group memberships the database holds afterwards (what the directory pushed, once each). */
  stored: number;
  requests: number;
  failed: number;
  seconds: number;
  p50: number;
  p95: number;
  p99: number;
  statusCodes: Record<string, number>;
}

/**
 * A trust provisioned from empty (issue 56's scale: 20 schools × 250 staff at scale 1), as Entra
 * ID does it with one trust token: each person looked up by userName and created with the
 * enterprise extension's organization naming their school, then a group per school and one
 * trust-wide group, members added by PATCH in batches, at `pace` requests a second. Target: done
 * within 5 minutes.
 */
export async function scimTrustProvisioning(
  base: string,
  db: Db,
  options: { scale: number; workers: number; /** Requests a second on the token; 0 sends as fast as the workers can. */ pace: number },
): Promise<TrustProvisioning> {
  const now = Date.now();
  const stamp = `${now.toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const perSchool = Math.max(5, Math.round(STAFF_PER_SCHOOL * Math.min(1, options.scale)));
  const trustId = await createTrust(db, `SCIM bench trust ${stamp}`, now);
  const schools: Array<{ name: string; domain: string }> = [];
  for (let index = 0; index < SCHOOLS_PER_TRUST; index += 1) {
    const name = `SCIM bench ${stamp} school ${index + 1}`;
    const schoolId = await createTrustSchool(db, trustId, { name, country: 'GB' }, now);
    const domain = `s${index + 1}-${stamp}.bench.sch.uk`;
    await db('schoolDomains').insert({ schoolId, domain, verifiedAt: now, verifiedBy: null, createdAt: now, verifiedDomain: domain, proof: 'admin' });
    schools.push({ name, domain });
  }
  const [adminRow] = await db('users').where({ role: 'admin' }).select('id').limit(1);
  const { secret } = await createDirectoryToken(db, { kind: 'trust', id: trustId }, 'bench', Number(adminRow?.id ?? 1), now);
  const headers = { authorization: `Bearer ${secret}`, 'content-type': 'application/scim+json', accept: 'application/scim+json' };
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  let failed = 0;
  // Entra ID spaces its requests rather than sending them back to back: each request takes the
  // next slot on one clock shared by the workers, so the token sees `pace` requests a second.
  let nextSlot = 0;
  const waitForSlot = async (): Promise<void> => {
    if (options.pace <= 0) return;
    const now = performance.now();
    const slot = Math.max(nextSlot, now);
    nextSlot = slot + 1000 / options.pace;
    if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
  };
  const call = async (method: string, path: string, body?: unknown): Promise<Record<string, unknown> | null> => {
    await waitForSlot();
    const started = performance.now();
    try {
      const response = await fetch(`${base}/scim/v2${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await response.text();
      latencies.push(performance.now() - started);
      statusCodes[response.status] = (statusCodes[response.status] ?? 0) + 1;
      if (response.status < 200 || response.status >= 300) {
        failed += 1;
        return null;
      }
      return text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      failed += 1;
      return null;
    }
  };
  /** Runs the jobs `workers` at a time, as Entra's provisioning runs its requests. */
  const inParallel = async <T>(jobs: Array<() => Promise<T>>): Promise<T[]> => {
    const results: T[] = new Array(jobs.length);
    let next = 0;
    await Promise.all(
      Array.from({ length: options.workers }, async () => {
        while (next < jobs.length) {
          const index = (next += 1) - 1;
          results[index] = await jobs[index]!();
        }
      }),
    );
    return results;
  };

  const started = performance.now();
  const people = schools.flatMap((school, schoolIndex) =>
    Array.from({ length: perSchool }, (_, n) => ({ schoolIndex, email: `staff${n + 1}@${school.domain}`, organization: school.name, n })),
  );
  const ids = await inParallel(
    people.map((person) => async () => {
      await call('GET', `/Users?filter=${encodeURIComponent(`userName eq "${person.email}"`)}`);
      const made = await call('POST', '/Users', {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
        externalId: `bench-${stamp}-${person.schoolIndex}-${person.n}`,
        userName: person.email,
        active: true,
        name: { givenName: 'Sam', familyName: `Staff ${person.n + 1}` },
        emails: [{ primary: true, type: 'work', value: person.email }],
        'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { organization: person.organization },
      });
      return typeof made?.id === 'string' ? { id: made.id, schoolIndex: person.schoolIndex } : null;
    }),
  );
  const created = ids.filter((id): id is { id: string; schoolIndex: number } => id !== null);
  const groups: Array<{ name: string; members: string[] }> = [
    ...schools.map((school, index) => ({
      name: `Staff of ${school.name}`,
      members: created.filter((person) => person.schoolIndex === index).map((person) => person.id),
    })),
    { name: `All staff ${stamp}`, members: created.map((person) => person.id) },
  ];
  const groupIds = await inParallel(
    groups.map((group) => async () => {
      await call('GET', `/Groups?filter=${encodeURIComponent(`displayName eq "${group.name}"`)}&excludedAttributes=members`);
      const made = await call('POST', '/Groups', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], displayName: group.name, externalId: group.name });
      return typeof made?.id === 'string' ? made.id : null;
    }),
  );
  const patches = groups.flatMap((group, index) => {
    const id = groupIds[index];
    if (!id) return [];
    const batches: Array<() => Promise<unknown>> = [];
    for (let start = 0; start < group.members.length; start += MEMBERS_PER_PATCH) {
      const value = group.members.slice(start, start + MEMBERS_PER_PATCH).map((member) => ({ value: member }));
      batches.push(() =>
        call('PATCH', `/Groups/${id}`, { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [{ op: 'Add', path: 'members', value }] }),
      );
    }
    return batches;
  });
  await inParallel(patches);
  const seconds = (performance.now() - started) / 1000;
  const pushedGroupIds = groupIds.filter((id): id is string => id !== null).map(Number);
  const stored = pushedGroupIds.length
    ? Number(((await db('groupMembers').whereIn('groupId', pushedGroupIds).count({ n: '*' }))[0] as { n: number | string }).n)
    : 0;
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    schools: SCHOOLS_PER_TRUST,
    people: people.length,
    created: created.length,
    memberships: groups.reduce((sum, group, index) => sum + (groupIds[index] ? group.members.length : 0), 0),
    stored,
    requests: latencies.length + failed,
    failed,
    seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    statusCodes,
  };
}
