import type { Db } from '../db/knex.ts';
import type { Caption } from '../db/tables.ts';

/** A track as listed: everything but the WebVTT text. */
export type CaptionTrackRow = Omit<Caption, 'vtt' | 'uploadedBy' | 'createdAt'>;

export function moduleCaptionTracks(db: Db, moduleId: number): Promise<CaptionTrackRow[]> {
  return db('captions').select('id', 'moduleId', 'lang', 'label', 'cueCount', 'sourceFormat', 'updatedAt').where({ moduleId }).orderBy('lang');
}

/** The tracks of many modules at once (a course's, or every module's), ordered by module and language. */
export function captionTracksOfModules(db: Db, moduleIds: readonly number[]): Promise<CaptionTrackRow[]> {
  if (moduleIds.length === 0) return Promise.resolve([]);
  return db('captions')
    .select('id', 'moduleId', 'lang', 'label', 'cueCount', 'sourceFormat', 'updatedAt')
    .whereIn('moduleId', moduleIds)
    .orderBy(['moduleId', 'lang']);
}

export interface CaptionTextRow {
  vtt: string;
  updatedAt: number;
}

export function captionText(db: Db, moduleId: number, lang: string): Promise<CaptionTextRow | undefined> {
  return db('captions').select('vtt', 'updatedAt').where({ moduleId, lang }).first();
}

/** Every module with at least one caption track, in any language. */
export async function captionedModuleIds(db: Db): Promise<Set<number>> {
  const rows: Array<{ moduleId: number }> = await db('captions').distinct('moduleId');
  return new Set(rows.map((row) => Number(row.moduleId)));
}
