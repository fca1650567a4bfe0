export type SchoolRole = 'manager' | 'member';
/** How a school holds a licence: its own purchase or grant, or through its trust's licence ('trust'). */
export type LicenceSource = 'payment' | 'order' | 'grant' | 'trust';

export interface SchoolDto {
  id: number;
  name: string;
  country: string;
  createdAt: string;
}

export interface LicensedCourseDto {
  courseId: number;
  title: string;
}

export interface SchoolDomainDto {
  domain: string;
  /** When the claim was proven; null while it waits for its TXT record or an admin's approval. */
  verifiedAt: string | null;
  /** How it was proven: the DNS record, or an admin's approval. */
  proof: 'dns' | 'admin' | null;
  /** What to publish to prove the claim (TXT record at the domain itself); null once proven. */
  txtRecord: { host: string; value: string } | null;
  /**
   * The Google Workspace whose accounts alone may use Google sign-in with addresses at this
   * domain (checked against the id token's `hd` claim); null: any Google account Google vouches for.
   */
  googleWorkspaceDomain: string | null;
}

/** GET /api/schools/mine: the caller's school (at most one), or nulls. */
export interface MySchoolDto {
  school: SchoolDto | null;
  role: SchoolRole | null;
  courses: LicensedCourseDto[];
  /** Managers only; empty for members. */
  domains: SchoolDomainDto[];
  /** Managers only (issue 37): the school lets its managers see members' assignment work. */
  managersSeeSubmissions?: boolean;
  /**
   * What the caller may do, decided by the server's school policy: `manage` the school (its staff,
   * invites, domains, register: the manager's view) and `buyForSchool` (a purchase licensing it).
   */
  can: { manage: boolean; buyForSchool: boolean };
}

export interface MemberCourseProgressDto {
  courseId: number;
  completedModules: number;
  totalModules: number;
  progressPercentage: number;
  /** When the certificate was earned, if it has been. */
  completedAt: string | null;
  certificateNumber: string | null;
}

/** GET /api/schools/:id/members (managers of that school). */
export interface SchoolMemberDto {
  userId: number;
  name: string;
  email: string;
  role: SchoolRole;
  joinedAt: string;
  /** Kept by the school's directory (directory sync): their name and status change there, not here. */
  managedByDirectory?: boolean;
  progress: MemberCourseProgressDto[];
  /** What the caller may do to this member (school policy): make them a manager, remove them. */
  can: { promote: boolean; remove: boolean };
}

/** `pending`: the link in the mail still works; `expired`: it ran out unused (resend to renew it). */
export type InvitationStatus = 'pending' | 'expired';

/**
 * GET /api/schools/:id/invited (and /api/admin/schools/:id/invited): someone invited by e-mail
 * who has not joined yet, newest first (withdrawn invitations are not listed).
 */
export interface InvitedPersonDto {
  inviteId: number;
  /** The name the manager gave, if any. */
  name: string | null;
  email: string;
  /** When the invitation was last mailed. */
  sentAt: string;
  expiresAt: string;
  status: InvitationStatus;
}

export interface SchoolMembersDto {
  school: SchoolDto;
  courses: LicensedCourseDto[];
  members: SchoolMemberDto[];
}

export interface SchoolInviteDto {
  id: number;
  createdAt: string;
  expiresAt: string | null;
  maxUses: number | null;
  uses: number;
  revokedAt: string | null;
  /** Usable now: not revoked, not expired, not used up. */
  active: boolean;
}

/** POST /api/schools/:id/invites: the only time the link is shown (the token is stored hashed). */
export interface CreatedInviteDto extends SchoolInviteDto {
  url: string;
}

/** GET /api/invites/:token (public, to whoever holds the token). */
export interface InvitePreviewDto {
  schoolName: string;
  valid: boolean;
  /** Why it cannot be used, when it cannot. */
  reason: string | null;
  /**
   * An invitation mailed to one person: the address it was sent to (only that account can accept
   * it) and the name the manager gave, offered to the registration form. Null for a shared link.
   */
  invitee: { email: string; firstName: string | null; lastName: string | null } | null;
}

export interface JoinResultDto {
  school: SchoolDto;
  role: SchoolRole;
  /** False when the caller was already a member (joining twice is not an error). */
  joined: boolean;
}

export interface VerifyEmailResultDto {
  message: string;
  /** The school joined through a verified domain, if any. */
  joinedSchool: SchoolDto | null;
}

export interface AdminSchoolDto extends SchoolDto {
  memberCount: number;
  /** Licences in force (not revoked). */
  licenceCount: number;
}

export interface AdminSchoolLicenceDto {
  courseId: number;
  title: string;
  source: LicenceSource;
  createdAt: string;
  revokedAt: string | null;
}

export interface AdminSchoolMemberDto {
  userId: number;
  name: string;
  email: string;
  role: SchoolRole;
  joinedAt: string;
}

export interface AdminSchoolDetailDto extends AdminSchoolDto {
  /** When an admin let this school send invitation mail without a licence; null when not. */
  invitesApprovedAt: string | null;
  members: AdminSchoolMemberDto[];
  licences: AdminSchoolLicenceDto[];
  domains: SchoolDomainDto[];
}

/**
 * GET /api/schools/:id/certificates (paged): a certificate held by one of the school's current
 * members. Revoked certificates are not listed, so there is no revoked flag.
 */
export interface SchoolCertificateDto {
  certificateNumber: string;
  memberName: string;
  courseTitle: string;
  issuedAt: string;
  /** "2027-03-03": the day it expires; null for a course without a validity (it never expires). */
  expiresOn: string | null;
}
