import { dialectOf, type Db } from '../../db/knex.ts';
import { HttpError, notFound } from '../../errors.ts';
import { inTransaction } from '../schools/shared.ts';

const clean = (text: string) => text.toLowerCase().trim();

/**
 * The school a directory names (SCIM's `organization`, a OneRoster org): the one whose key is
 * `key`, else the one called `name`, both compared without case or surrounding spaces.
 */
export function schoolNamed<School extends { name: string; key: string | null }>(schools: readonly School[], key: string, name: string): School | undefined {
  return schools.find((row) => row.key !== null && clean(row.key) === clean(key)) ?? schools.find((row) => clean(row.name) === clean(name));
}

/**
 * Sets the key a trust's directory names one of its schools by (SCIM's enterprise `organization`,
 * OneRoster's org `sourcedId`), or clears it (null: the school is matched by its name again).
 * Keys are unique within the trust without case, so one key never means two schools; a school
 * outside the trust is 404.
 */
export async function setSchoolDirectoryKey(
  db: Db,
  trustId: number,
  schoolId: number,
  key: string | null,
): Promise<{ id: number; name: string; key: string | null }> {
  return inTransaction(db, async (trx) => {
    // MariaDB: the trust's row is held until the key is written, so two schools set at once cannot
    // both find a key free (SQLite's one writer already serialises).
    if (dialectOf(trx) === 'mysql') await trx('trusts').where({ id: trustId }).forUpdate().first('id');
    const school = await trx('schools').where({ id: schoolId, trustId }).first('id', 'name');
    if (!school) throw notFound('That school is not in this trust.');
    if (key !== null) {
      const taken = await trx('schools').where({ trustId }).whereNot({ id: schoolId }).whereRaw('lower(scim_key) = ?', [key.toLowerCase()]).first('name');
      if (taken) {
        const sentence = `${taken.name} already has this key: each school needs its own.`;
        throw new HttpError(409, 'conflict', sentence, { key: sentence });
      }
    }
    await trx('schools').where({ id: schoolId }).update({ scimKey: key });
    return { id: Number(school.id), name: school.name, key };
  });
}
