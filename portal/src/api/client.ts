import { QueryClient, type QueryFunction, type QueryObserverLoadingErrorResult, type QueryObserverRefetchErrorResult } from '@tanstack/react-query';
import type { ApiErrorDto, ApiErrorId } from '@atrium/common';
import { plainValidatorText } from '@atrium/common/rules/validatorText';

/**
 * The one fetch client of the portal. Every call sends the session cookie; a non-OK answer
 * raises an ApiError whose message is SPEC §8's "status: body" (the status text when the body
 * is empty). The parsed JSON error, when there is one, is kept so a toast can show the
 * server's human sentence instead of raw JSON.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;
  readonly data: ApiErrorDto | null;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.data = parseErrorBody(body);
  }

  /** The server's own message ("Invalid email or password"), if it sent one: for people to read. */
  get serverMessage(): string | null {
    return this.data?.message ?? null;
  }

  /** The server's stable error id: what code branches on, never the message. */
  get id(): ApiErrorId | null {
    return this.data?.id ?? null;
  }
}

/** True for an ApiError with one of the given ids (`email_taken`, `not_enrolled`, …). */
export const hasErrorId = (error: unknown, ...ids: ApiErrorId[]): boolean => error instanceof ApiError && error.id !== null && ids.includes(error.id);

function parseErrorBody(body: string): ApiErrorDto | null {
  if (!body.startsWith('{')) return null;
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && typeof (parsed as ApiErrorDto).message === 'string') return parsed as ApiErrorDto;
  } catch {
    // Not JSON after all: the raw text stays in `body`.
  }
  return null;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  signal?: AbortSignal;
  /** Lets a save started as the page is hidden or closed finish after it. */
  keepalive?: boolean;
}

/** Sends one request with the session cookie; a non-OK answer raises ApiError. */
async function send(method: Method, path: string, body?: unknown, options: RequestOptions = {}): Promise<Response> {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers,
    body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
    signal: options.signal,
    keepalive: options.keepalive,
  });
  if (!response.ok) {
    throw new ApiError(response.status, response.statusText, await response.text());
  }
  return response;
}

async function parseBody<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return (await response.json()) as T;
  return (await response.text()) as T;
}

export async function apiRequest<T>(method: Method, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  return parseBody<T>(await send(method, path, body, options));
}

/** One page of a paged admin list, with the X-Total-Count the server sends beside it. */
export interface Page<T> {
  items: T[];
  total: number | null;
}

async function getPage<T>(path: string, options?: RequestOptions): Promise<Page<T>> {
  const response = await send('GET', path, undefined, options);
  const header = response.headers.get('X-Total-Count');
  const total = header === null || header === '' ? null : Number(header);
  return { items: await parseBody<T[]>(response), total: Number.isFinite(total) ? total : null };
}

/** A file answer (the Excel export): its bytes and the name from Content-Disposition. */
async function download(path: string, options?: RequestOptions): Promise<{ blob: Blob; filename: string | null }> {
  const response = await send('GET', path, undefined, options);
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
  return { blob: await response.blob(), filename };
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('POST', path, body ?? {}, options),
  put: <T>(path: string, body: unknown) => apiRequest<T>('PUT', path, body),
  patch: <T>(path: string, body: unknown) => apiRequest<T>('PATCH', path, body),
  delete: <T>(path: string, body?: unknown) => apiRequest<T>('DELETE', path, body),
  getPage,
  download,
};

/** SPEC §7: by default a query GETs the first element of its key. */
export const defaultQueryFn: QueryFunction = ({ queryKey, signal }) => {
  const [path] = queryKey;
  if (typeof path !== 'string') throw new Error('The first element of a query key must be the API path');
  return api.get(path, { signal });
};

/** SPEC §7 defaults: no retries, never fresh, no refetch on focus, no polling. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        retry: false,
        staleTime: 0,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}

/** What a status means to a person, for answers that carry no sentence of ours (a proxy's page, an empty body). */
const STATUS_SENTENCES: Record<number, string> = {
  400: 'Something in the form was not accepted. Please check it and try again.',
  401: 'Please sign in again.',
  403: 'You do not have access to this.',
  404: 'This could not be found. It may have been removed.',
  408: 'The server took too long to answer. Please try again.',
  409: 'This was changed by someone else in the meantime. Reload and try again.',
  413: 'That is too large to send.',
  415: 'The server could not read what was sent. Please try again.',
  429: 'Too many attempts. Please wait a moment and try again.',
};

/**
 * The sentence a person reads for a failed call, the one place raw validator and status text is
 * turned into words: the server's message (a validator's default sentence rewritten), else what
 * the status means, else the fallback. Never "415: {…}" or "Too big: expected string…", and never
 * an `error.message` that is not the server's sentence.
 */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.serverMessage) return plainValidatorText(error.serverMessage);
    if (error.status >= 500) return fallback;
    return STATUS_SENTENCES[error.status] ?? fallback;
  }
  // Anything else (the network, a script's own Error) has no sentence for a person: its message
  // is for programmers and never shown.
  return fallback;
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** Answers that take away what a page showed: the record is gone, the session ended, access was withdrawn. */
const TAKEN_AWAY = new Set([401, 403, 404]);

/**
 * Whether a page's read failed with nothing to show: its first read, or an answer that takes what
 * was shown away (404, 401, 403). A refresh that fails on the way (the network, a busy server)
 * keeps what is already on screen, and the person's typing with it, instead of replacing the page
 * with the failure.
 */
export const failedWithNothingToShow = <T>(query: {
  isError: boolean;
  data: T | undefined;
  error: Error | null;
}): query is QueryObserverLoadingErrorResult<T> | QueryObserverRefetchErrorResult<T> =>
  query.isError && (query.data === undefined || (query.error instanceof ApiError && TAKEN_AWAY.has(query.error.status)));
