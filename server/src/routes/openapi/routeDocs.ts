import type { RouteInfo } from '../define.ts';

/**
 * What the route table cannot say about a route, keyed by its name (`GET /api/courses`): a
 * summary, what it answers, and answers other than JSON. A route without an entry is still in
 * the reference, with its access, limits and request schemas; add an entry when a route's
 * purpose is not plain from its path. Kept apart from the route files so documenting a route
 * never touches its handler.
 */
export interface RouteDoc {
  summary: string;
  description?: string;
  /** What a success answers, in words (the DTO type in common/src/api/ where there is one). */
  answer?: string;
  /** The request's media type, when not JSON (multipart uploads, form posts). */
  requestType?: string;
  /** Error statuses beyond those the table implies (400 with input, 401 signed in, 403 admin or policy, 404 with an id, 429 limited). */
  errors?: Array<'402' | '409' | '413' | '415' | '503'>;
}

export const routeName = (route: Pick<RouteInfo, 'method' | 'path'>): string => `${route.method.toUpperCase()} ${route.path}`;

export const ROUTE_DOCS: Record<string, RouteDoc> = {
  'GET /healthz': { summary: 'Liveness: the process is up', answer: '`{status: "ok"}`.' },
  'GET /readyz': { summary: 'Readiness: the database answers', answer: '`{status: "ready"}`; 503 while the database is unreachable.', errors: ['503'] },
  'GET /api/openapi.json': { summary: 'This API reference (OpenAPI 3.1)', answer: 'The OpenAPI document.' },
  'GET /api/config': {
    summary: 'Public settings for the portal and the widgets',
    answer: '`PublicConfigDto`: brand, support address, Stripe publishable key, sign-in providers.',
  },
  'POST /api/register': { summary: 'Create an account and sign in', answer: '`UserDto`; the session cookie is set.', errors: ['409'] },
  'POST /api/login': { summary: 'Sign in with e-mail and password', answer: '`UserDto`; the session cookie is set (a new session id).' },
  'POST /api/logout': { summary: 'Sign out', answer: '`{message}`; the session ends.' },
  'POST /api/forgot-password': { summary: 'Mail a password-reset link', answer: '`{message}`, the same whether or not the account exists.' },
  'POST /api/reset-password': { summary: 'Set a new password with a reset token', answer: '`{message}`; every session of the account ends.' },
  'GET /api/user': { summary: 'The signed-in user', answer: '`UserDto`; 401 means "no user".' },
  'GET /api/user/export': { summary: 'Download my data', answer: '`MyDataExportDto` as an attachment.' },
  'POST /api/user/upload-avatar': {
    summary: 'Upload my profile photo',
    answer: '`UserDto` with the new `profileImageUrl`.',
    requestType: 'multipart/form-data',
    errors: ['413', '415'],
  },
  'GET /api/avatars/:id': { summary: 'A profile photo', answer: 'The photo, re-encoded as WebP when uploaded; 304 for a matching `If-None-Match`.' },
  'GET /api/admin/export-excel': { summary: 'Every student as a spreadsheet', answer: 'An .xlsx workbook, streamed.' },
  'DELETE /api/user': { summary: 'Delete my account (password required)', answer: '`{message}`.' },
  'GET /api/courses': { summary: 'The course catalogue', answer: '`CourseSummaryDto[]` in the caller’s currency (`X-Currency`).' },
  'GET /api/courses/:id': { summary: 'One course with its modules and steps', answer: '`CourseDetailDto`; video ids only for enrolled learners and admins.' },
  'PUT /api/modules/:id/captions/:lang': {
    summary: 'Upload a module’s captions in one language (WebVTT or SubRip)',
    answer: '`CaptionTrackDto`: 201 when the language is new, 200 when it replaces the track.',
    requestType: 'multipart/form-data',
    errors: ['413', '415'],
  },
  'POST /api/courses/:id/resources': {
    summary: 'Attach a file to a course',
    answer: '`ResourceDto`.',
    requestType: 'multipart/form-data',
    errors: ['413', '415'],
  },
  'POST /api/modules/:id/resources': {
    summary: 'Attach a file to a module',
    answer: '`ResourceDto`.',
    requestType: 'multipart/form-data',
    errors: ['413', '415'],
  },
  'PUT /api/resources/:id/file': { summary: 'Replace a resource’s file', answer: '`ResourceDto`.', requestType: 'multipart/form-data', errors: ['413', '415'] },
  'GET /api/modules/:id/captions/:lang.vtt': { summary: 'A module’s captions in one language', answer: 'The WebVTT file (`text/vtt`).' },
  'POST /api/contact': { summary: 'Send a contact message', answer: '`{message}`.' },
  'POST /api/enrollments': {
    summary: 'Enroll in a free or licensed course',
    answer: 'The enrollment; 402 for a priced course (go to checkout).',
    errors: ['402'],
  },
  'POST /api/progress': {
    summary: 'Report watching progress of a module',
    answer: 'The progress row, `courseCompleted` and the certificate number once issued.',
  },
  'GET /api/dashboard': { summary: 'The learner’s dashboard', answer: '`DashboardDto`.' },
  'GET /api/transcript': {
    summary: 'The caller’s CPD transcript',
    answer: '`TranscriptDto`: completed courses (verified) and external entries (self-reported), hours per school year (CPD_YEAR_START_MONTH).',
  },
  'POST /api/transcript/external': { summary: 'Add training done elsewhere (self-reported)', answer: '`ExternalCpdDto`.' },
  'DELETE /api/transcript/external/:id': {
    summary: 'Remove one of the caller’s external entries',
    answer: 'Nothing; 404 for another person’s entry.',
  },
  'PUT /api/transcript/external/:id/evidence': {
    summary: 'Attach (or replace) the evidence file of one of the caller’s external entries',
    requestType: 'multipart/form-data',
    answer:
      '`ExternalCpdDto`. The file (field `file`, at most 10 MB) must be a PDF, PNG, JPEG, WebP or Word (.docx) file by its bytes; 404 for another person’s entry.',
    errors: ['413', '415'],
  },
  'GET /api/transcript/external/:id/evidence': {
    summary: 'Download the evidence file of one of the caller’s external entries',
    answer: 'The file as an attachment, with its sniffed type; 404 for another person’s entry or an entry without one.',
  },
  'DELETE /api/transcript/external/:id/evidence': {
    summary: 'Remove the evidence file of one of the caller’s external entries',
    answer: 'Nothing.',
  },
  'GET /api/transcript/sharing': {
    summary: 'The caller’s share links and school',
    answer: '`TranscriptSharingDto`: working links (never the link itself) and whether their school sees their whole record.',
  },
  'POST /api/transcript/shares': {
    summary: 'Make a public link to the caller’s verified CPD record',
    answer: '`CreatedTranscriptShareDto`: the link and its PDF, shown only in this answer (only a hash is kept); 409 past 10 working links.',
    errors: ['409'],
  },
  'DELETE /api/transcript/shares/:id': { summary: 'Stop one of the caller’s share links', answer: 'Nothing; the link answers 404 from now on.' },
  'PUT /api/transcript/schools/:id': {
    summary: 'Let the caller’s school see their whole verified record, or only what they did there',
    answer: 'Nothing; 404 for a school the caller is not a member of.',
  },
  'GET /api/schools/:id/cpd-hours': {
    summary: 'Each member’s verified CPD hours in a range, and the total',
    answer:
      '`CpdHoursDto`: the current school year unless `from`/`to` are given; only courses completed while a member, unless the person shares their whole record; `groupId`/`courseId` filter as the staff list does.',
  },
  'GET /api/trusts/:id/cpd-hours': {
    summary: 'Each member’s verified CPD hours in a range across the trust’s schools',
    answer: '`CpdHoursDto`, as the school’s, for every school of the trust.',
  },
  'GET /api/records/:token': {
    summary: 'A shared CPD record (public, by its link)',
    answer: '`PublicRecordDto`: the verified courses and hours per school year, never self-reported training; 404 for an unknown or stopped link.',
  },
  'GET /api/records/:token/record.pdf': {
    summary: 'A shared CPD record as a printable PDF with a verification QR code',
    answer: 'The PDF; 404 for an unknown or stopped link.',
  },
  'GET /api/certificates/:number': { summary: 'Verify a certificate by its number', answer: '`CertificatePublicDto`; 404 for an unknown or revoked number.' },
  'GET /api/certificates/:number/credential': {
    summary: 'The certificate as a signed Open Badges 3.0 credential',
    answer: 'A compact VC-JWT (ES256 or RS256) whose `kid` is the URL of its key; 404 `certificate_revoked` for a revoked certificate.',
  },
  'GET /api/credentials/issuer': { summary: 'The credentials’ issuer profile', answer: 'The Open Badges issuer `Profile` (JSON-LD).' },
  'GET /api/credentials/achievements/:id': { summary: 'A course’s Open Badges achievement', answer: 'The `Achievement` (JSON-LD).' },
  'GET /api/credentials/revocations': { summary: 'The revocation list', answer: '`{revokedCredential: [{id, revoked: true}]}` (1EdTechRevocationList).' },
  'GET /api/credentials/keys/:thumbprint': { summary: 'One public signing key', answer: 'A public JWK.' },
  'GET /.well-known/jwks.json': { summary: 'Every public key that ever signed a credential', answer: 'A JWK Set, the current key first.' },
  'POST /api/create-payment-intent': { summary: 'Start a card payment', answer: '`{clientSecret}` for Stripe’s Payment Element.', errors: ['409', '503'] },
  'POST /api/admin/enroll': {
    summary: 'Enrol a student in a course (no payment)',
    answer: '`AdminEnrollResultDto`: 201 when enrolled now, 200 when they already were (`alreadyEnrolled`).',
  },
  'POST /api/admin/admins': {
    summary: 'Make an account with a confirmed address an admin',
    answer: '`AdminAccountDto`: 201 when the role is new, 200 when they held it.',
  },
  'GET /api/payments/:paymentIntentId/receipt.pdf': {
    summary: 'The receipt of my card payment',
    answer: 'The receipt PDF; 404 until the payment succeeded.',
    errors: ['503'],
  },
  'GET /api/admin/payments/:id/receipt.pdf': {
    summary: 'Any card payment’s receipt',
    answer: 'The receipt PDF; 404 until the payment succeeded.',
    errors: ['503'],
  },
  'GET /api/orders/:id/invoice.pdf': { summary: 'The invoice of my order', answer: 'The invoice PDF; 404 until the agency issued it.', errors: ['503'] },
  'POST /api/stripe/webhook': { summary: 'Stripe’s signed webhook', answer: '`{received: true}`.' },
  'POST /api/orders': { summary: 'Ask for an invoice (purchase order)', answer: 'The order.', errors: ['409'] },
  'GET /api/auth/:provider/start': {
    summary: 'Start signing in with Google or Microsoft (a browser navigation)',
    answer: 'A redirect to the provider (code flow with PKCE); any refusal redirects to `/auth?signInError=<code>`, never JSON.',
  },
  'GET /api/auth/:provider/callback': {
    summary: 'Where the provider sends the browser back',
    answer: 'Signed in (a new session id), a redirect to `returnTo`; any refusal redirects to `/auth?signInError=<code>`.',
  },
  'GET /api/auth/sso/start': {
    summary: 'Start signing in through the school’s own SAML provider, found by the address’s proven domain',
    answer: 'A redirect to the provider with a `SAMLRequest`; no provider for the address redirects to `/auth?signInError=no_sso`.',
  },
  'GET /api/auth/sso/:connectionId/start': {
    summary: 'Start signing in through one school’s SAML provider (the link its IT team shares)',
    answer: 'A redirect to the provider with a `SAMLRequest`.',
  },
  'POST /api/auth/sso/:connectionId/acs': {
    summary: 'The SAML assertion consumer service (the provider’s form post)',
    requestType: 'application/x-www-form-urlencoded',
    answer: 'Signed in, a redirect to `returnTo`; a refused response redirects to `/auth?signInError=<code>`.',
  },
  'POST /api/user/sign-ins/:provider/link': {
    summary: 'Confirm it is me before connecting Google or Microsoft',
    answer: '`LinkSignInStartDto`: where the browser goes next to connect the provider.',
  },
  'DELETE /api/user/sign-ins/:provider': { summary: 'Remove a linked sign-in', answer: '`{message}`; 409 when it is the only way in.', errors: ['409'] },
  'POST /api/uploads': {
    summary: 'Create a resumable upload of a submission file (tus 1.0.0)',
    answer: '201 with the upload’s `Location`; `Upload-Length` and `Upload-Metadata` (assignmentId, filename, filetype) in the request.',
  },
  'HEAD /api/uploads/:uploadId': { summary: 'How much of an upload has arrived (tus)', answer: '`Upload-Offset` and `Upload-Length`.' },
  'PATCH /api/uploads/:uploadId': {
    summary: 'Send the next bytes of an upload (tus)',
    requestType: 'application/offset+octet-stream',
    answer:
      '204 with the new `Upload-Offset`; the last one, once the file is checked and stored, adds `Upload-File-Id`. A refused file answers 413 or 415 with a line of text (tus), not JSON.',
  },
  'DELETE /api/uploads/:uploadId': { summary: 'Cancel an unfinished upload (tus)', answer: 'Nothing; its bytes are removed.' },
};
