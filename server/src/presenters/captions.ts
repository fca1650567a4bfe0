import type { CaptionTrackDto } from '@atrium/common';
import { toIso } from '../db/knex.ts';
import type { CaptionTrackRow } from '../queries/captions.ts';

export function presentCaptionTrack(row: CaptionTrackRow): CaptionTrackDto {
  return {
    moduleId: Number(row.moduleId),
    lang: row.lang,
    label: row.label,
    cueCount: Number(row.cueCount),
    sourceFormat: row.sourceFormat === 'srt' ? 'srt' : 'vtt',
    updatedAt: toIso(row.updatedAt)!,
    url: `/api/modules/${Number(row.moduleId)}/captions/${encodeURIComponent(row.lang)}.vtt`,
  };
}
