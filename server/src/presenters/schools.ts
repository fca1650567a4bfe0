import {
  domainProofValue,
  percentage,
  type AdminSchoolDetailDto,
  type AdminSchoolDto,
  type AdminSchoolLicenceDto,
  type LicenceSource,
  type InvitedPersonDto,
  type InvitePreviewDto,
  type LicensedCourseDto,
  type MySchoolDto,
  type MemberCourseProgressDto,
  type SchoolDomainDto,
  type SchoolDto,
  type SchoolInviteDto,
  type SchoolMemberDto,
} from '@atrium/common';
import { dbBoolean, toIso } from '../db/knex.ts';
import { inviteExpired, inviteProblem } from '../policies/invitations.ts';
import {
  canBuyForSchool,
  canManageSchool,
  canPromoteSchoolMember,
  canRemoveSchoolMember,
  canSeeMemberEmails,
  type SchoolStanding,
} from '../policies/schools.ts';
import type { InviteRow } from '../queries/invitations.ts';
import {
  factKey,
  type AdminLicenceRow,
  type AdminSchoolRow,
  type DomainRow,
  type InvitedRow,
  type LicensedCourseRow,
  type MemberRow,
  type SchoolProgress,
  type SchoolRow,
} from '../queries/schools.ts';
import { displayName, type User } from '../models/User.ts';
import { schoolApi } from './ownerApi.ts';

export const presentSchool = (school: SchoolRow): SchoolDto => ({
  id: Number(school.id),
  name: school.name,
  country: school.country,
  createdAt: toIso(school.createdAt)!,
});

/** A school's or a trust's licence as the admin's pages show it. */
export const presentAdminLicence = (row: {
  courseId: number;
  title: string;
  source: string;
  createdAt: number;
  revokedAt: number | null;
}): AdminSchoolLicenceDto => ({
  courseId: Number(row.courseId),
  title: row.title,
  source: row.source as LicenceSource,
  createdAt: toIso(row.createdAt)!,
  revokedAt: toIso(row.revokedAt),
});

export const presentLicensedCourse = (course: LicensedCourseRow): LicensedCourseDto => ({ courseId: course.courseId, title: course.title });

export const presentDomain = (row: {
  domain: string;
  verifiedAt: number | string | null;
  proof: string | null;
  verificationToken: string | null;
  googleWorkspaceDomain?: string | null;
}): SchoolDomainDto => ({
  domain: row.domain,
  verifiedAt: toIso(row.verifiedAt),
  proof: row.proof === 'dns' || row.proof === 'admin' ? row.proof : null,
  // The token is public once published; until proven, only the school's managers and admins see it.
  txtRecord: row.verifiedAt === null && row.verificationToken ? { host: row.domain, value: domainProofValue(row.verificationToken) } : null,
  googleWorkspaceDomain: row.googleWorkspaceDomain ?? null,
});

export function presentInvite(invite: InviteRow, now: number): SchoolInviteDto {
  return {
    id: Number(invite.id),
    createdAt: toIso(invite.createdAt)!,
    expiresAt: toIso(invite.expiresAt),
    maxUses: invite.maxUses === null ? null : Number(invite.maxUses),
    uses: Number(invite.uses),
    revokedAt: toIso(invite.revokedAt),
    active: inviteProblem(invite, now) === null,
  };
}

/** To whoever holds the token: the invitation was mailed to them, so its address and name are theirs. */
export const presentInvitePreview = (schoolName: string, invite: InviteRow, now: number): InvitePreviewDto => {
  const reason = inviteProblem(invite, now);
  return {
    schoolName,
    valid: reason === null,
    reason,
    invitee: invite.email === null ? null : { email: invite.email, firstName: invite.firstName, lastName: invite.lastName },
  };
};

/** For the school's managers only (the route checks). */
export const presentInvitedPerson = (row: InvitedRow, now: number): InvitedPersonDto => ({
  inviteId: row.id,
  name: [row.firstName, row.lastName].filter(Boolean).join(' ') || null,
  email: row.email,
  sentAt: toIso(row.sentAt)!,
  expiresAt: toIso(row.expiresAt)!,
  status: inviteExpired(row.expiresAt, now) ? 'expired' : 'pending',
});

export function memberCourseProgress(progress: SchoolProgress, userId: number, course: LicensedCourseRow): MemberCourseProgressDto {
  const fact = progress.facts.get(factKey(userId, course.courseId));
  const completedModules = Math.min(fact?.completedModules ?? 0, course.totalModules);
  return {
    courseId: course.courseId,
    completedModules,
    totalModules: course.totalModules,
    progressPercentage: percentage(completedModules, course.totalModules),
    completedAt: toIso(fact?.completedAt ?? null),
    certificateNumber: fact?.certificateNumber ?? null,
  };
}

/** Who looks at a school's members: the caller and their own membership, for the school policy's `can`. */
export interface SchoolViewer {
  user: User;
  membership: SchoolStanding | null;
  schoolId: number;
}

/** For the school's managers only (the route checks): they see their colleagues' addresses. */
export function presentSchoolMember(member: MemberRow, progress: SchoolProgress, viewer: SchoolViewer): SchoolMemberDto {
  const { user, membership, schoolId } = viewer;
  return {
    userId: member.userId,
    name: displayName(member),
    email: member.email,
    role: member.role,
    joinedAt: toIso(member.joinedAt)!,
    managedByDirectory: member.managedByDirectory === true,
    progress: progress.courses.map((course) => memberCourseProgress(progress, member.userId, course)),
    can: {
      promote: canPromoteSchoolMember(membership, schoolId, member),
      remove: canRemoveSchoolMember(user, membership, schoolId, member.userId),
    },
  };
}

export const presentAdminSchool = (row: SchoolRow & { memberCount: number | string | null; licenceCount: number | string | null }): AdminSchoolDto => ({
  ...presentSchool(row),
  memberCount: Number(row.memberCount ?? 0),
  licenceCount: Number(row.licenceCount ?? 0),
});

/** The caller's own school (`/school`): what a member sees, plus its domains and settings for a manager, and what they may do there. */
export function presentMySchool(
  membership: (SchoolStanding & { role: NonNullable<MySchoolDto['role']> }) | null,
  school?: SchoolRow,
  courses: LicensedCourseRow[] = [],
  domains: DomainRow[] = [],
): MySchoolDto {
  if (!membership || !school) return { school: null, role: null, courses: [], domains: [], can: { manage: false, buyForSchool: false }, api: null };
  const manager = canSeeMemberEmails(membership, membership.schoolId);
  const manage = canManageSchool(membership, membership.schoolId);
  return {
    school: presentSchool(school),
    role: membership.role,
    courses: courses.map(presentLicensedCourse),
    domains: manager ? domains.map(presentDomain) : [],
    ...(manager ? { managersSeeSubmissions: dbBoolean(school.managersSeeSubmissions) } : {}),
    can: { manage, buyForSchool: canBuyForSchool(membership, membership.schoolId) },
    // The school's routes are its managers' (and the admins', under their own mount): a member gets no root to call.
    api: manage ? schoolApi(membership.schoolId, 'manager') : null,
  };
}

/** The admin's page of one school: its members with their addresses, its licences and domains, and the admin's API root for it. */
export const presentAdminSchoolDetail = (detail: {
  school: AdminSchoolRow;
  invitesApprovedAt: number | null;
  members: MemberRow[];
  licences: AdminLicenceRow[];
  domains: DomainRow[];
}): AdminSchoolDetailDto => ({
  ...presentAdminSchool(detail.school),
  invitesApprovedAt: toIso(detail.invitesApprovedAt),
  members: detail.members.map((member) => ({
    userId: member.userId,
    name: displayName(member),
    email: member.email,
    role: member.role,
    joinedAt: toIso(member.joinedAt)!,
  })),
  licences: detail.licences.map(presentAdminLicence),
  domains: detail.domains.map(presentDomain),
  api: schoolApi(Number(detail.school.id), 'admin'),
});
