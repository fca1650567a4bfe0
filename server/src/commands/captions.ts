import { captionLabelClash, captionLabelClashMessage, withoutInvisibleControls } from '@atrium/common';
import type { Db } from '../db/knex.ts';
import { HttpError } from '../errors.ts';
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
 * A label another language of the module already uses is refused (409): learners choosing
 * between "English" and "English" cannot tell which is which.
 */
export async function saveCaptionTrack(db: Db, clock: Clock, input: SaveCaptionInput): Promise<{ created: boolean }> {
  const now = clock.now().getTime();
  return db.transaction(async (trx) => {
    const tracks = await trx('captions').select('id', 'lang', 'label').where({ moduleId: input.moduleId }).forUpdate();
    // Shown in every player's track menu: no control or bidirectional characters (issue 50.3).
    const label = withoutInvisibleControls(input.label) || input.lang;
    const clash = captionLabelClash(tracks, input.lang, label);
    if (clash) {
      const why = captionLabelClashMessage(clash, input.lang, label);
      throw new HttpError(409, 'conflict', why, { label: why });
    }
    const existing = tracks.find((track) => track.lang === input.lang);
    const fields = {
      label,
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
