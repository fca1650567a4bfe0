import type { Knex } from 'knex';
import type { Db } from '../db/knex.ts';
import type { Certificate, ExternalCpd } from '../db/tables.ts';
import { certificatesInForce } from './certificates.ts';

/** An external entry with what is known of its evidence file (nulls without one). */
export type ExternalCpdRow = ExternalCpd & { evidenceContentType: string | null; evidenceSize: number | null; evidenceStorageKey: string | null };

function externalRows(db: Db | Knex.Transaction) {
  return db('externalCpd as e')
    .leftJoin('storedFiles as f', 'f.id', 'e.evidenceFileId')
    .select('e.*', 'f.contentType as evidenceContentType', 'f.size as evidenceSize', 'f.storageKey as evidenceStorageKey') as unknown as Knex.QueryBuilder<
    ExternalCpdRow,
    ExternalCpdRow[]
  >;
}

/** A person's transcript rows (issue 59): their certificates that stand, and their external entries, oldest first. */
export async function transcriptRows(db: Db, userId: number): Promise<{ certificates: Certificate[]; external: ExternalCpdRow[] }> {
  const [certificates, external] = await Promise.all([
    verifiedCertificates(db, userId),
    externalRows(db).where('e.userId', userId).orderBy('e.completedOn').orderBy('e.id'),
  ]);
  return { certificates, external };
}

/** The certificates that stand: the verified part of the record, all a share link shows. */
export function verifiedCertificates(db: Db, userId: number): Promise<Certificate[]> {
  return certificatesInForce(db).where({ userId }).orderBy('completedAt').orderBy('id');
}

/** One of the person's own external entries, or undefined (someone else's reads as none). */
export async function ownExternalEntry(db: Db | Knex.Transaction, userId: number, id: number): Promise<ExternalCpdRow | undefined> {
  return (await externalRows(db).where('e.userId', userId).where('e.id', id).first()) as ExternalCpdRow | undefined;
}
