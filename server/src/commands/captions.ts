import { withoutInvisibleControls } from '@atrium/common';
import type { Db } from '../db/knex.ts';
import type { Clock } from '../services/clock.ts';
import type { ValidCaptionTrack } from '../services/captions.ts';

export interface SaveCaptionInput extends ValidCaptionTrack {
  moduleId: number;
  lang: string;
  label: string;
  uploadedBy: number;
}

/**
 * Adds a module's track in a language, or replaces the one it has. Read and write share one
 * transaction, so two uploads of the same language end as one row (the unique key decides a race).
 */
export async function saveCaptionTrack(db: Db, clock: Clock, input: SaveCaptionInput): Promise<{ created: boolean }> {
  const now = clock.now().getTime();
  return db.transaction(async (trx) => {
    const existing = await trx('captions').select('id').where({ moduleId: input.moduleId, lang: input.lang }).forUpdate().first();
    const fields = {
      // Shown in every player's track menu: no control or bidirectional characters (issue 50.3).
      label: withoutInvisibleControls(input.label) || input.lang,
      vtt: input.vtt,
      cueCount: input.cueCount,
      sourceFormat: input.sourceFormat,
      uploadedBy: input.uploadedBy,
      updatedAt: now,
    };
    if (existing) {
      await trx('captions').where({ id: existing.id }).update(fields);
      return { created: false };
    }
    await trx('captions').insert({ ...fields, moduleId: input.moduleId, lang: input.lang, createdAt: now });
    return { created: true };
  });
}

/** Removes a module's track in a language; false when it had none. */
export async function deleteCaptionTrack(db: Db, moduleId: number, lang: string): Promise<boolean> {
  const deleted = await db('captions').where({ moduleId, lang }).delete();
  return deleted > 0;
}
