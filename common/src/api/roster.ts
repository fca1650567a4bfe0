/**
 * What the roster upload will do (preview) or did (confirm) with each row. It says only what the
 * school's manager may know, never whether an address has an account or another school:
 * - `invite`: sent an invitation e-mail with a personal link (joining needs their acceptance);
 * - `member`: already a member of this school (nothing to do);
 * - `invited`: already has a pending invitation from this school (nothing to do);
 * - `invalid`, `duplicate`: a problem; the row is skipped.
 */
export type RosterRowStatus = 'invite' | 'member' | 'invited' | 'invalid' | 'duplicate';

export interface RosterRowDto {
  /** Line of the file (1-based, header included), so a manager can find it. */
  line: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  status: RosterRowStatus;
  /** Why the row is skipped, for the problem statuses. */
  problem: string | null;
  /** The groups the row puts the person in (its role, department and groups columns), by name. */
  groups: string[];
}

/** A group the list names: one the school has, or one confirming would create. */
export interface RosterGroupDto {
  name: string;
  exists: boolean;
  /** Rows (not skipped) that name it. */
  people: number;
}

export type RosterCountsDto = Record<RosterRowStatus, number>;

/** POST …/roster/preview: nothing is written. */
export interface RosterPreviewDto {
  rows: RosterRowDto[];
  counts: RosterCountsDto;
  /** The groups named by the list, by name; any with exists: false needs createGroups on confirming. */
  groups: RosterGroupDto[];
}

/** POST …/roster: what was done. */
export interface RosterResultDto {
  invited: number;
  /** Groups the import created (confirmed with createGroups). */
  groupsCreated: number;
  unchanged: number;
  skipped: number;
  message: string;
}
