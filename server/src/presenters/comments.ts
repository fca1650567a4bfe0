import type { CommentDto } from '@atrium/common';
import { toIso } from '../db/knex.ts';
import type { User } from '../models/User.ts';
import { canDeleteComment, canSeeCommenterEmail } from '../policies/index.ts';

/** A comment joined with its author's public fields, as the list query returns it. */
export interface CommentRow {
  id: number;
  moduleId: number;
  userId: number;
  comment: string;
  createdAt: number | string;
  userFirstName: string | null;
  userLastName: string | null;
  userProfileImageUrl: string | null;
  /** Selected only when the viewer may see it. */
  userEmail?: string | null;
}

export function presentComment(row: CommentRow, viewer: User): CommentDto {
  const dto: CommentDto = {
    id: Number(row.id),
    moduleId: Number(row.moduleId),
    userId: Number(row.userId),
    comment: row.comment,
    createdAt: toIso(row.createdAt)!,
    userFirstName: row.userFirstName,
    userLastName: row.userLastName,
    userProfileImageUrl: row.userProfileImageUrl,
    can: { delete: canDeleteComment(viewer, { userId: Number(row.userId) }) },
  };
  // Decided here as well as in the query, so a query that selects too much still leaks nothing.
  if (canSeeCommenterEmail(viewer) && row.userEmail) dto.userEmail = row.userEmail;
  return dto;
}
