import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

// A school's claim to an e-mail domain takes effect only once proven: by a DNS TXT record
// holding the claim's token, or by an admin's approval. Until then it pulls nobody in, so
// several schools may hold an unproven claim on one domain (a squatter's claim cannot block the
// real school); `verifiedDomain` repeats the domain on the one proven claim, and its unique key
// (NULLs are not compared, on both databases) keeps a domain proven for one school at most.
//
// Claims made before this migration were "proven" only by the claiming manager's own verified
// address on the domain, which any first-comer has: they go back to unproven, with a token each,
// and their managers see the TXT record to publish (members who joined through them stay).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('schoolDomains', (t) => {
    t.string('verificationToken', 64).nullable();
    t.string('verifiedDomain', 253).nullable();
    t.string('proof', 10).nullable();
  });
  await knex.schema.alterTable('schoolDomains', (t) => {
    t.unique(['schoolId', 'domain']);
    t.unique(['verifiedDomain']);
  });
  await knex.schema.alterTable('schoolDomains', (t) => {
    t.dropUnique(['domain']);
  });
  await knex.schema.alterTable('schoolDomains', (t) => {
    t.index(['domain']);
  });
  const rows: Array<{ id: number }> = await knex('schoolDomains').select('id');
  for (const row of rows) {
    await knex('schoolDomains')
      .where({ id: row.id })
      .update({ verificationToken: randomBytes(24).toString('base64url'), verifiedAt: null, verifiedBy: null });
  }
}

export async function down(knex: Knex): Promise<void> {
  // The old key allows one claim per domain: the proven claim stays, or else the oldest one.
  const rows: Array<{ id: number; domain: string; verifiedAt: number | null }> = await knex('schoolDomains').select('id', 'domain', 'verifiedAt').orderBy('id');
  const keep = new Map<string, { id: number; verified: boolean }>();
  for (const row of rows) {
    const kept = keep.get(row.domain);
    if (!kept || (!kept.verified && row.verifiedAt !== null)) keep.set(row.domain, { id: Number(row.id), verified: row.verifiedAt !== null });
  }
  const keptIds = new Set([...keep.values()].map((kept) => kept.id));
  const extra = rows.filter((row) => !keptIds.has(Number(row.id))).map((row) => row.id);
  if (extra.length) await knex('schoolDomains').whereIn('id', extra).delete();
  await knex.schema.alterTable('schoolDomains', (t) => {
    t.dropIndex(['domain']);
  });
  await knex.schema.alterTable('schoolDomains', (t) => {
    t.unique(['domain']);
  });
  await knex.schema.alterTable('schoolDomains', (t) => {
    t.dropUnique(['schoolId', 'domain']);
    t.dropUnique(['verifiedDomain']);
  });
  if (knex.client.config.client === 'mysql2') {
    await knex.schema.alterTable('schoolDomains', (t) => {
      t.dropColumn('verificationToken');
      t.dropColumn('verifiedDomain');
      t.dropColumn('proof');
    });
  } else {
    // In place: knex would rebuild the table for a dropped column.
    for (const column of ['verificationToken', 'verifiedDomain', 'proof']) await knex.raw('ALTER TABLE ?? DROP COLUMN ??', ['schoolDomains', column]);
  }
}
