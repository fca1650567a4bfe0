import { createDirectoryToken } from '../server/src/commands/directory/tokens.ts';
import { createSchool } from '../server/src/commands/schools/membership.ts';
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
