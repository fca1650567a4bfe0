/**
 * What the roster upload will do (preview) or did (confirm) with each row:
 * - `add`: an existing account in no school, added at once;
 * - `invite`: no account yet, sent an invite e-mail with a personal link;
 * - `member`: already a member of this school (nothing to do);
 * - `invited`: already has a pending invite from this school (nothing to do);
 * - `invalid`, `duplicate`, `other-school`: a problem; the row is skipped.
 */
export type RosterRowStatus = 'add' | 'invite' | 'member' | 'invited' | 'invalid' | 'duplicate' | 'other-school';

export interface RosterRowDto {
  /** Line of the file (1-based, header included), so a manager can find it. */
  line: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  status: RosterRowStatus;
  /** Why the row is skipped, for the problem statuses. */
  problem: string | null;
}

export type RosterCountsDto = Record<RosterRowStatus, number>;

/** POST …/roster/preview: nothing is written. */
export interface RosterPreviewDto {
  rows: RosterRowDto[];
  counts: RosterCountsDto;
}

/** POST …/roster: what was done. */
export interface RosterResultDto {
  added: number;
  invited: number;
  unchanged: number;
  skipped: number;
  message: string;
}
