import { z } from 'zod';

export interface CommentDto {
  id: number;
  moduleId: number;
  userId: number;
  comment: string;
  createdAt: string;
  userFirstName: string | null;
  userLastName: string | null;
  userProfileImageUrl: string | null;
  /** Admins only. */
  userEmail?: string;
  /** What the caller may do with it, decided by the server (its author and admins delete it). */
  can: { delete: boolean };
}

export const certificateListItemDtoSchema = z
  .object({
    id: z.number(),
    /** Null once the course has been deleted: the certificate itself stays valid. */
    courseId: z.number().nullable(),
    courseName: z.string(),
    completionPercentage: z.number(),
    completedAt: z.string(),
    certificateNumber: z.string(),
    /** CPD hours the certificate was issued with (issue 59); absent when the course had none then. */
    cpdHours: z.number().optional(),
    /** CEUs it was issued with; absent when none. */
    ceus: z.number().optional(),
  })
  .meta({ id: 'CertificateListItemDto' });
export type CertificateListItemDto = z.infer<typeof certificateListItemDtoSchema>;

/** GET /api/demo, outside production only: the demo learner's certificate for the example pages. */
export const demoDtoSchema = z.object({ certificateNumber: z.string() }).meta({ id: 'DemoDto' });
export type DemoDto = z.infer<typeof demoDtoSchema>;

export const certificatePublicDtoSchema = z
  .object({
    studentName: z.string(),
    courseName: z.string(),
    completionPercentage: z.number(),
    completedAt: z.string(),
    issuedAt: z.string(),
    certificateNumber: z.string(),
    /**
     * When the course has a validity period: the day the certificate stops being current
     * (YYYY-MM-DD). Past it the certificate still verifies (it was true when issued) and reads
     * "Expired on …". Absent when it never expires.
     */
    expiresOn: z.string().optional(),
    expired: z.boolean().optional(),
    /** The final quiz's best score (percent) when the certificate was issued; null without one. */
    quizScore: z.number().nullable(),
    /** CPD hours the certificate was issued with (issue 59); absent when the course had none then. */
    cpdHours: z.number().optional(),
    /** CEUs it was issued with; absent when none. */
    ceus: z.number().optional(),
  })
  .meta({ id: 'CertificatePublicDto' });
export type CertificatePublicDto = z.infer<typeof certificatePublicDtoSchema>;

/** A certificate as an admin sees it (GET /api/admin/certificates, revoke, restore). */
export const adminCertificateDtoSchema = z
  .object({
    id: z.number(),
    /** Null once the learner's account or the course is gone: the certificate outlives both. */
    userId: z.number().nullable(),
    courseId: z.number().nullable(),
    certificateNumber: z.string(),
    studentName: z.string(),
    courseName: z.string(),
    completionPercentage: z.number(),
    /** ISO, as are the other instants. */
    completedAt: z.string(),
    issuedAt: z.string(),
    revokedAt: z.string().nullable(),
  })
  .meta({ id: 'AdminCertificateDto' });
export type AdminCertificateDto = z.infer<typeof adminCertificateDtoSchema>;

export const contactMessageDtoSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    email: z.string(),
    company: z.string().nullable(),
    phone: z.string().nullable(),
    message: z.string(),
    /** Where it was sent from: the landing's contact form, the support chat, or the accessibility statement's report form. */
    source: z.enum(['landing', 'widget', 'accessibility']),
    /** ISO. */
    createdAt: z.string(),
    handledAt: z.string().nullable(),
  })
  .meta({ id: 'ContactMessageDto' });
export type ContactMessageDto = z.infer<typeof contactMessageDtoSchema>;

/** The answer of a route that only reports what it did: a sentence for people. */
export const messageDtoSchema = z.object({ message: z.string() }).meta({ id: 'MessageDto' });
export type MessageDto = z.infer<typeof messageDtoSchema>;

/**
 * The stable error ids (CONTRACT.md's error shape): clients branch on these, never on `message`,
 * which is a human sentence and may be reworded. The generic ids follow the status; the
 * specific ones name a case a client must tell apart from others with the same status.
 */
export type ApiErrorId =
  | 'bad_request'
  | 'validation_failed'
  | 'invalid_json'
  | 'unauthorized'
  | 'invalid_credentials'
  | 'sso_required'
  | 'forbidden'
  | 'not_enrolled'
  | 'payment_required'
  | 'not_found'
  | 'conflict'
  | 'limit_reached'
  | 'email_taken'
  | 'already_enrolled'
  | 'already_licensed'
  | 'invoice_already_requested'
  | 'requires_watching'
  | 'gone'
  | 'payload_too_large'
  | 'file_too_large'
  | 'unsupported_media_type'
  | 'invalid_image'
  | 'rate_limited'
  | 'internal'
  | 'service_unavailable'
  | 'database_unavailable'
  | 'certificate_revoked';

/** The generic id of each status, for an error that has no specific one. */
export const STATUS_ERROR_IDS: Readonly<Partial<Record<number, ApiErrorId>>> = {
  400: 'bad_request',
  401: 'unauthorized',
  402: 'payment_required',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  500: 'internal',
  503: 'service_unavailable',
};

export interface ApiErrorDto {
  message: string;
  errors?: Record<string, string>;
  id: ApiErrorId;
}

/** GET /api/config */
export const publicConfigDtoSchema = z
  .object({
    brandName: z.string(),
    directorName: z.string(),
    supportEmail: z.string(),
    stripePublishableKey: z.string().nullable(),
    publicUrl: z.string(),
    /** School sign-in buttons to show: the configured providers only. */
    signInProviders: z.array(z.enum(['google', 'microsoft'])),
    /** True while any school or trust has its own sign-in: the sign-in page offers "Sign in with your school". */
    ssoStart: z.boolean(),
  })
  .meta({ id: 'PublicConfigDto' });
export type PublicConfigDto = z.infer<typeof publicConfigDtoSchema>;
