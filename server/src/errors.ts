/** An error with an HTTP status and a stable id, answered as CONTRACT.md's JSON error shape. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly id: string,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message = 'Invalid request', errors?: Record<string, string>) =>
  new HttpError(400, 'bad_request', message, errors);
export const unauthorized = (message = 'Please sign in to continue') => new HttpError(401, 'unauthorized', message);
export const forbidden = (message = "You don't have permission to do that") => new HttpError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new HttpError(404, 'not_found', message);
export const paymentRequired = (message = 'This course must be purchased before you can enroll') =>
  new HttpError(402, 'payment_required', message);
export const conflict = (message: string) => new HttpError(409, 'conflict', message);
export const payloadTooLarge = (message = 'The request is too large') => new HttpError(413, 'payload_too_large', message);
export const unsupportedMediaType = (message = 'Send the request body as JSON') =>
  new HttpError(415, 'unsupported_media_type', message);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, 'rate_limited', 'Too many attempts. Please wait a moment and try again.', undefined, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
export const serviceUnavailable = (message = 'The service is temporarily unavailable. Please try again shortly.') =>
  new HttpError(503, 'service_unavailable', message);
