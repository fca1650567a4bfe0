import { SIGN_IN_ERROR_MESSAGES, type ApiErrorId } from '@atrium/common';

/** An error with an HTTP status and a stable id, answered as CONTRACT.md's JSON error shape. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly id: ApiErrorId,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message = 'Invalid request', errors?: Record<string, string>) => new HttpError(400, 'bad_request', message, errors);
export const unauthorized = (message = 'Please sign in to continue', id: ApiErrorId = 'unauthorized') => new HttpError(401, id, message);
export const forbidden = (message = "You don't have permission to do that", id: ApiErrorId = 'forbidden') => new HttpError(403, id, message);
export const notFound = (message = 'Not found', id: ApiErrorId = 'not_found') => new HttpError(404, id, message);
export const paymentRequired = (message = 'This course must be purchased before you can enroll') => new HttpError(402, 'payment_required', message);
export const conflict = (message: string, id: ApiErrorId = 'conflict') => new HttpError(409, id, message);
export const unsupportedMediaType = (message = 'Send the request body as JSON') => new HttpError(415, 'unsupported_media_type', message);
export const tooManyRequests = (retryAfterSeconds: number, message = 'Too many attempts. Please wait a moment and try again.') =>
  new HttpError(429, 'rate_limited', message, undefined, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
export const serviceUnavailable = (message = 'The service is temporarily unavailable. Please try again shortly.') =>
  new HttpError(503, 'service_unavailable', message);

/*
 * Specific ids for the cases a client must tell apart from others with the same status, so the
 * portal and widgets branch on the id and never on the human sentence (which may be reworded).
 */
export const emailTaken = () => conflict('An account with this email already exists. Please sign in instead.', 'email_taken');
export const invalidCredentials = () => unauthorized('Invalid email or password', 'invalid_credentials');
export const schoolSignInOnly = () => forbidden(SIGN_IN_ERROR_MESSAGES.sso_required, 'sso_required');
/** Mark as Complete on a course that requires watching, before 90 % of the video was played (issue 36). */
export const notWatchedEnough = (playedSeconds: number, requiredSeconds: number) =>
  new HttpError(
    409,
    'requires_watching',
    `This course requires watching: play at least 90% of the video before marking it complete (${playedSeconds} of ${requiredSeconds} seconds played so far).`,
    { isCompleted: 'Play at least 90% of the video first' },
  );
export const notEnrolled = (message: string) => forbidden(message, 'not_enrolled');
export const alreadyEnrolled = () => conflict('You are already enrolled in this course', 'already_enrolled');
export const alreadyLicensed = () => conflict('Your school is already licensed for this course', 'already_licensed');
export const invoiceAlreadyRequested = () =>
  conflict('You have already requested an invoice for this course. We will be in touch shortly.', 'invoice_already_requested');
