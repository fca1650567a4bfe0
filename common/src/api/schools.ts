import { z } from 'zod';

export const schoolRoleSchema = z.enum(['manager', 'member']);
export type SchoolRole = z.infer<typeof schoolRoleSchema>;
/** How a school holds a licence: its own purchase or grant, or through its trust's licence ('trust'). */
export const licenceSourceSchema = z.enum(['payment', 'order', 'grant', 'trust']);
export type LicenceSource = z.infer<typeof licenceSourceSchema>;

export const schoolDtoSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    country: z.string(),
    /** ISO, as are the other instants here. */
    createdAt: z.string(),
  })
  .meta({ id: 'SchoolDto' });
export type SchoolDto = z.infer<typeof schoolDtoSchema>;

export const licensedCourseDtoSchema = z.object({ courseId: z.number(), title: z.string() }).meta({ id: 'LicensedCourseDto' });
export type LicensedCourseDto = z.infer<typeof licensedCourseDtoSchema>;

export const schoolDomainDtoSchema = z
  .object({
    domain: z.string(),
    /** When the claim was proven; null while it waits for its TXT record or an admin's approval. */
    verifiedAt: z.string().nullable(),
    /** How it was proven: the DNS record, or an admin's approval. */
    proof: z.enum(['dns', 'admin']).nullable(),
    /** What to publish to prove the claim (TXT record at the domain itself); null once proven. */
    txtRecord: z.object({ host: z.string(), value: z.string() }).nullable(),
    /**
     * The Google Workspace whose accounts alone may use Google sign-in with addresses at this
     * domain (checked against the id token's `hd` claim); null: any Google account Google vouches for.
     */
    googleWorkspaceDomain: z.string().nullable(),
  })
  .meta({ id: 'SchoolDomainDto' });
export type SchoolDomainDto = z.infer<typeof schoolDomainDtoSchema>;

/** POST /api/schools/:id/domains and …/verify: the claim, and how many members joined through it on being proven. */
export const schoolDomainClaimDtoSchema = z.object({ ...schoolDomainDtoSchema.shape, joinedMembers: z.number() }).meta({ id: 'SchoolDomainClaimDto' });
export type SchoolDomainClaimDto = z.infer<typeof schoolDomainClaimDtoSchema>;

/** GET /api/schools/mine: the caller's school (at most one), or nulls. */
export const mySchoolDtoSchema = z
  .object({
    school: schoolDtoSchema.nullable(),
    role: schoolRoleSchema.nullable(),
    courses: z.array(licensedCourseDtoSchema),
    /** Managers only; empty for members. */
    domains: z.array(schoolDomainDtoSchema),
    /** Managers only (issue 37): the school lets its managers see members' assignment work. */
    managersSeeSubmissions: z.boolean().optional(),
    /**
     * What the caller may do, decided by the server's school policy: `manage` the school (its staff,
     * invites, domains, register: the manager's view) and `buyForSchool` (a purchase licensing it).
     */
    can: z.object({ manage: z.boolean(), buyForSchool: z.boolean() }),
    /**
     * The caller's API root for this school, whose routes the manager's panels call:
     * `/api/schools/:id` to its managers; null to a member and to someone with no school.
     */
    api: z.string().nullable(),
  })
  .meta({ id: 'MySchoolDto' });
export type MySchoolDto = z.infer<typeof mySchoolDtoSchema>;

export const memberCourseProgressDtoSchema = z
  .object({
    courseId: z.number(),
    completedModules: z.number(),
    totalModules: z.number(),
    progressPercentage: z.number(),
    /** When the certificate was earned, if it has been. */
    completedAt: z.string().nullable(),
    certificateNumber: z.string().nullable(),
  })
  .meta({ id: 'MemberCourseProgressDto' });
export type MemberCourseProgressDto = z.infer<typeof memberCourseProgressDtoSchema>;

/** GET /api/schools/:id/members (managers of that school). */
export const schoolMemberDtoSchema = z
  .object({
    userId: z.number(),
    name: z.string(),
    email: z.string(),
    role: schoolRoleSchema,
    joinedAt: z.string(),
    /** Kept by the school's directory (directory sync): their name and status change there, not here. */
    managedByDirectory: z.boolean().optional(),
    progress: z.array(memberCourseProgressDtoSchema),
    /** What the caller may do to this member (school policy): make them a manager, remove them. */
    can: z.object({ promote: z.boolean(), remove: z.boolean() }),
  })
  .meta({ id: 'SchoolMemberDto' });
export type SchoolMemberDto = z.infer<typeof schoolMemberDtoSchema>;

/** DELETE /api/schools/:id/members/:userId: `removed` false when they were not a member (nothing changed). */
export const memberRemovedDtoSchema = z.object({ message: z.string(), removed: z.boolean() }).meta({ id: 'MemberRemovedDto' });
export type MemberRemovedDto = z.infer<typeof memberRemovedDtoSchema>;

/** `pending`: the link in the mail still works; `expired`: it ran out unused (resend to renew it). */
export const invitationStatusSchema = z.enum(['pending', 'expired']);
export type InvitationStatus = z.infer<typeof invitationStatusSchema>;

/**
 * GET /api/schools/:id/invited (and /api/admin/schools/:id/invited): someone invited by e-mail
 * who has not joined yet, newest first (withdrawn invitations are not listed).
 */
export const invitedPersonDtoSchema = z
  .object({
    inviteId: z.number(),
    /** The name the manager gave, if any. */
    name: z.string().nullable(),
    email: z.string(),
    /** When the invitation was last mailed. */
    sentAt: z.string(),
    expiresAt: z.string(),
    status: invitationStatusSchema,
  })
  .meta({ id: 'InvitedPersonDto' });
export type InvitedPersonDto = z.infer<typeof invitedPersonDtoSchema>;

export const schoolMembersDtoSchema = z
  .object({
    school: schoolDtoSchema,
    courses: z.array(licensedCourseDtoSchema),
    members: z.array(schoolMemberDtoSchema),
  })
  .meta({ id: 'SchoolMembersDto' });
export type SchoolMembersDto = z.infer<typeof schoolMembersDtoSchema>;

const schoolInviteShape = {
  id: z.number(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  maxUses: z.number().nullable(),
  uses: z.number(),
  revokedAt: z.string().nullable(),
  /** Usable now: not revoked, not expired, not used up. */
  active: z.boolean(),
};
export const schoolInviteDtoSchema = z.object(schoolInviteShape).meta({ id: 'SchoolInviteDto' });
export type SchoolInviteDto = z.infer<typeof schoolInviteDtoSchema>;

/** POST /api/schools/:id/invites: the only time the link is shown (the token is stored hashed). */
export const createdInviteDtoSchema = z.object({ ...schoolInviteShape, url: z.string() }).meta({ id: 'CreatedInviteDto' });
export type CreatedInviteDto = z.infer<typeof createdInviteDtoSchema>;

/** POST /api/schools/:id/invites/email: how many invitations were mailed, in words and as a number. */
export const invitesMailedDtoSchema = z.object({ message: z.string(), sent: z.number() }).meta({ id: 'InvitesMailedDto' });
export type InvitesMailedDto = z.infer<typeof invitesMailedDtoSchema>;

/** GET /api/invites/:token (public, to whoever holds the token). */
export const invitePreviewDtoSchema = z
  .object({
    schoolName: z.string(),
    valid: z.boolean(),
    /** Why it cannot be used, when it cannot. */
    reason: z.string().nullable(),
    /**
     * An invitation mailed to one person: the address it was sent to (only that account can accept
     * it) and the name the manager gave, offered to the registration form. Null for a shared link.
     */
    invitee: z.object({ email: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable() }).nullable(),
  })
  .meta({ id: 'InvitePreviewDto' });
export type InvitePreviewDto = z.infer<typeof invitePreviewDtoSchema>;

export const joinResultDtoSchema = z
  .object({
    school: schoolDtoSchema,
    role: schoolRoleSchema,
    /** False when the caller was already a member (joining twice is not an error). */
    joined: z.boolean(),
  })
  .meta({ id: 'JoinResultDto' });
export type JoinResultDto = z.infer<typeof joinResultDtoSchema>;

export const verifyEmailResultDtoSchema = z
  .object({
    message: z.string(),
    /** The school joined through a verified domain, if any. */
    joinedSchool: schoolDtoSchema.nullable(),
  })
  .meta({ id: 'VerifyEmailResultDto' });
export type VerifyEmailResultDto = z.infer<typeof verifyEmailResultDtoSchema>;

const adminSchoolShape = {
  ...schoolDtoSchema.shape,
  memberCount: z.number(),
  /** Licences in force (not revoked). */
  licenceCount: z.number(),
};
export const adminSchoolDtoSchema = z.object(adminSchoolShape).meta({ id: 'AdminSchoolDto' });
export type AdminSchoolDto = z.infer<typeof adminSchoolDtoSchema>;

export const adminSchoolLicenceDtoSchema = z
  .object({
    courseId: z.number(),
    title: z.string(),
    source: licenceSourceSchema,
    createdAt: z.string(),
    revokedAt: z.string().nullable(),
  })
  .meta({ id: 'AdminSchoolLicenceDto' });
export type AdminSchoolLicenceDto = z.infer<typeof adminSchoolLicenceDtoSchema>;

export const adminSchoolMemberDtoSchema = z
  .object({
    userId: z.number(),
    name: z.string(),
    email: z.string(),
    role: schoolRoleSchema,
    joinedAt: z.string(),
  })
  .meta({ id: 'AdminSchoolMemberDto' });
export type AdminSchoolMemberDto = z.infer<typeof adminSchoolMemberDtoSchema>;

export const adminSchoolDetailDtoSchema = z
  .object({
    ...adminSchoolShape,
    /** When an admin let this school send invitation mail without a licence; null when not. */
    invitesApprovedAt: z.string().nullable(),
    members: z.array(adminSchoolMemberDtoSchema),
    licences: z.array(adminSchoolLicenceDtoSchema),
    domains: z.array(schoolDomainDtoSchema),
    /** The caller's API root for this school: `/api/admin/schools/:id` (its managers' twin is `/api/schools/:id`). */
    api: z.string(),
  })
  .meta({ id: 'AdminSchoolDetailDto' });
export type AdminSchoolDetailDto = z.infer<typeof adminSchoolDetailDtoSchema>;

/** POST /api/admin/schools/:id/invitations-approval: what changed, and since when the school may invite without a licence (null: it may not). */
export const invitationApprovalDtoSchema = z.object({ message: z.string(), invitesApprovedAt: z.string().nullable() }).meta({ id: 'InvitationApprovalDto' });
export type InvitationApprovalDto = z.infer<typeof invitationApprovalDtoSchema>;

/** An admin's change to a school's domain claim: what happened, and how many colleagues joined through it. */
export const domainChangeDtoSchema = z.object({ message: z.string(), joinedMembers: z.number() }).meta({ id: 'DomainChangeDto' });
export type DomainChangeDto = z.infer<typeof domainChangeDtoSchema>;

/**
 * GET /api/schools/:id/certificates (paged): a certificate held by one of the school's current
 * members. Revoked certificates are not listed, so there is no revoked flag.
 */
export const schoolCertificateDtoSchema = z
  .object({
    certificateNumber: z.string(),
    memberName: z.string(),
    courseTitle: z.string(),
    issuedAt: z.string(),
    /** "2027-03-03": the day it expires; null for a course without a validity (it never expires). */
    expiresOn: z.string().nullable(),
  })
  .meta({ id: 'SchoolCertificateDto' });
export type SchoolCertificateDto = z.infer<typeof schoolCertificateDtoSchema>;
