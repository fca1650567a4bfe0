import { z } from 'zod';
import { email, id, requiredText } from './common.ts';
import { isPublicEmailDomain } from '../rules/emailDomains.ts';
import { countryName } from '../rules/countries.ts';

/** A school's country: ISO 3166-1 alpha-2, upper-cased (the portal's forms always ask for it). */
const schoolCountry = z
  .string({ message: "Please choose the school's country" })
  .trim()
  .toUpperCase()
  .refine((code) => countryName(code) !== null, { message: "Please choose the school's country" });

/** As schoolCountry; the UK when an API client leaves it out. */
export const countryCode = schoolCountry.default('GB');

/** The longest school name (the column is 200 wide); forms count against it. */
export const SCHOOL_NAME_MAX = 200;

export const schoolSchema = z.object({
  name: requiredText(SCHOOL_NAME_MAX, 'Please enter the school or organisation name', 'School name'),
  country: countryCode,
});

/** PATCH /api/schools/:id and /api/admin/schools/:id: rename a school or change its country. */
export const schoolUpdateSchema = z
  .object({
    name: requiredText(SCHOOL_NAME_MAX, 'Please enter the school or organisation name', 'School name').optional(),
    country: schoolCountry.optional(),
  })
  .refine((update) => update.name !== undefined || update.country !== undefined, { message: 'Send a new name or country' });
export type SchoolUpdate = z.infer<typeof schoolUpdateSchema>;

export const schoolParams = z.object({ id });
export const schoolMemberParams = z.object({ id, userId: id });
export const schoolInviteParams = z.object({ id, inviteId: id });

export const promoteManagerSchema = z.object({ userId: id });

/** An optional whole-number limit, typed in a form or sent as a JSON number. */
const inviteLimit = (max: number, what: string) => {
  const message = `${what} must be a whole number from 1 to ${max.toLocaleString('en-GB')}`;
  return z.coerce.number({ message }).int({ message }).min(1, { message }).max(max, { message }).optional();
};

export const inviteSchema = z.object({
  expiresInDays: inviteLimit(365, 'Days'),
  maxUses: inviteLimit(10_000, 'Uses'),
});

/** An admin lets a school without a licence send invitation mail (or takes that back). */
export const invitationApprovalSchema = z.object({ approved: z.boolean({ message: 'Say whether invitations are approved (true or false)' }) });

export const inviteEmailSchema = z.object({
  emails: z.array(email).min(1, { message: 'Enter at least one e-mail address' }).max(50, { message: 'Invite at most 50 colleagues at a time' }),
});

/** Invite and verification tokens: 32 random bytes, base64url. */
export const tokenString = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, { message: 'This link is not valid' });
export const tokenParams = z.object({ token: tokenString });
export const verifyEmailSchema = z.object({ token: tokenString });

export const domainName = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, { message: 'Enter a domain such as stmarys.sch.uk' });
export const domainSchema = z.object({ domain: domainName });
/**
 * The add-a-domain form: what people paste ("@stmarys.sch.uk"), refusing public mailbox
 * providers before the round trip. The server refuses them too (addSchoolDomain), with its own
 * wording, for every other client.
 */
export const domainFormSchema = z.object({
  domain: z
    .string()
    .trim()
    .transform((value) => value.replace(/^@/, ''))
    .pipe(domainName)
    .refine((domain) => !isPublicEmailDomain(domain), {
      error: (issue) => `${String(issue.input)} is a public e-mail service: only your school's own domain can be added.`,
    }),
});
export const schoolDomainParams = z.object({ id, domain: domainName });
/**
 * PUT /api/schools/:id/domains/:domain/google-workspace: the Google Workspace's primary domain
 * (its `hd`), or null to let any Google account Google vouches for sign in again.
 */
export const googleWorkspaceSchema = z.object({ hd: domainName.nullable() });
/** The portal's form: blank removes the restriction. */
export const googleWorkspaceFormSchema = z.object({
  hd: z
    .string()
    .trim()
    .transform((value) => value.replace(/^@/, '').toLowerCase())
    .refine((value) => value === '' || domainName.safeParse(value).success, { message: 'Enter a domain such as stmarys.sch.uk, or leave it blank' }),
});
/** An admin moving a domain claim to another school. */
export const moveDomainSchema = z.object({ schoolId: id });

export const schoolLicenceSchema = z.object({ courseId: id });
export const schoolLicenceParams = z.object({ id, courseId: id });
