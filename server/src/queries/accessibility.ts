import type { AccessibilitySettings } from '../db/tables.ts';
import type { Db } from '../db/knex.ts';
import type { Knex } from 'knex';

/** The agency's parts of the statement (one row, id 1); undefined until an admin first saves them. */
export function accessibilitySettings(db: Db | Knex.Transaction): Promise<AccessibilitySettings | undefined> {
  return db<AccessibilitySettings>('accessibilitySettings').where({ id: 1 }).first();
}
