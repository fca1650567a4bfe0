import {
  TRAINING_STATUSES,
  type TrainingStatus,
  type AdminTrustDetailDto,
  type MemberMoveDto,
  type MyTrustDto,
  type TrustOverviewDto,
  type TrustDto,
  type TrustInvitationDto,
  type TrustInvitePreviewDto,
  type TrustManagerDto,
  type TrustSchoolDto,
  type TrustStatusRowDto,
} from '@atrium/common';
import { toIso } from '../db/knex.ts';
import { displayName } from '../models/User.ts';
import { inviteExpired, trustInviteProblem } from '../policies/invitations.ts';
import type { MemberMove } from '../commands/trustMoves.ts';
import type { TrustCourse, TrustInviteRow, TrustManagerRow, TrustRow, TrustSchoolRow, TrustStatusRow } from '../queries/trusts.ts';
import type { Watching } from '../queries/watching.ts';
import { presentTrainingStatus } from './deadlines.ts';
import { trustApi } from './ownerApi.ts';
import { presentAdminLicence } from './schools.ts';

export const presentTrust = (row: TrustRow): TrustDto => ({
  id: Number(row.id),
  name: row.name,
  createdAt: toIso(row.createdAt)!,
  schoolCount: Number(row.schoolCount ?? 0),
});

export const presentTrustSchool = (row: TrustSchoolRow): TrustSchoolDto => ({
  id: Number(row.id),
  name: row.name,
  country: row.country,
  members: Number(row.members ?? 0),
});

export const presentTrustManager = (row: TrustManagerRow): TrustManagerDto => ({
  userId: Number(row.userId),
  name: displayName(row),
  email: row.email,
  joinedAt: toIso(row.joinedAt)!,
});

/** To whoever holds the token: the trust's name, the address invited and why it cannot be accepted now (null: it can). */
export const presentTrustInvitePreview = (trustName: string, invite: TrustInviteRow, now: number): TrustInvitePreviewDto => ({
  trustName,
  email: invite.email,
  problem: trustInviteProblem(invite, now),
});

export const presentTrustInvitation = (row: TrustInviteRow, now: number): TrustInvitationDto => ({
  id: Number(row.id),
  email: row.email,
  createdAt: toIso(row.createdAt)!,
  expiresAt: toIso(row.expiresAt)!,
  status: inviteExpired(row.expiresAt, now) ? 'expired' : 'pending',
});

/** The admin's page of one trust, with the admin's API root for it. */
export const presentAdminTrust = (
  trust: TrustRow,
  parts: { schools: TrustSchoolRow[]; managers: TrustManagerRow[]; invitations: TrustInviteRow[]; licences: Parameters<typeof presentAdminLicence>[0][] },
  now: number,
): AdminTrustDetailDto => ({
  ...presentTrust(trust),
  schools: parts.schools.map(presentTrustSchool),
  managers: parts.managers.map(presentTrustManager),
  invitations: parts.invitations.map((row) => presentTrustInvitation(row, now)),
  licences: parts.licences.map(presentAdminLicence),
  api: trustApi(Number(trust.id), 'admin'),
});

/** The trust the caller manages (null: none), the courses its licences cover, and the manager's API root for it. */
export const presentMyTrust = (managed: { trustId: number; name: string } | null, courseIds: number[] = []): MyTrustDto => ({
  trust: managed ? { id: managed.trustId, name: managed.name, courseIds, api: trustApi(managed.trustId, 'manager') } : null,
});

export const presentTrustStatus = (row: TrustStatusRow & { watching: Watching }): TrustStatusRowDto => ({
  ...presentTrainingStatus(row),
  schoolId: row.schoolId,
  schoolName: row.schoolName,
});

type StatusCounts = Record<TrainingStatus, number>;
const noCounts = (): StatusCounts => Object.fromEntries(TRAINING_STATUSES.map((status) => [status, 0])) as StatusCounts;

/** A trust's overview: each school's members and training counts (`counts` by school id), their totals, and the courses to filter by. */
export function presentTrustOverview(
  trust: Pick<TrustRow, 'id' | 'name'>,
  schools: TrustSchoolRow[],
  counts: ReadonlyMap<number, StatusCounts>,
  courses: TrustCourse[],
): TrustOverviewDto {
  const totals = noCounts();
  const lines = schools.map((school) => {
    const byStatus = counts.get(Number(school.id)) ?? noCounts();
    for (const status of TRAINING_STATUSES) totals[status] += byStatus[status];
    return { schoolId: Number(school.id), name: school.name, members: Number(school.members ?? 0), counts: byStatus };
  });
  return {
    trust: { id: Number(trust.id), name: trust.name },
    schools: lines,
    totals,
    courses,
  };
}

/** A member moved between two schools of a trust. */
export const presentMemberMove = (move: MemberMove): MemberMoveDto => ({ ...move, movedAt: toIso(move.movedAt)! });
