import type { ApiErrorDto } from '@atrium/common/api/community';

/**
 * The widgets' one fetch client. Cookies go only to the same origin (the portal); an embedded
 * widget calls the public endpoints, which need none, so CORS can stay credential-free.
 */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The JSON error body ({ message, errors }) when the server sent one. */
    readonly body: ApiErrorDto | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function apiUrl(apiBase: string | undefined, path: string): string {
  return `${(apiBase ?? '').replace(/\/+$/, '')}${path}`;
}

async function readBody(response: Response): Promise<{ text: string; json: unknown }> {
  const text = await response.text();
  try {
    return { text, json: text ? JSON.parse(text) : null };
  } catch {
    return { text, json: null };
  }
}

function errorBody(json: unknown): ApiErrorDto | null {
  return json && typeof json === 'object' && typeof (json as ApiErrorDto).message === 'string' ? (json as ApiErrorDto) : null;
}

/** GET returning parsed JSON; a non-OK answer throws ApiError "status: body" (SPEC §8). */
export async function getJson<T>(apiBase: string | undefined, path: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(apiUrl(apiBase, path), {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
    signal,
  });
  const { text, json } = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`, errorBody(json));
  return json as T;
}

export interface PostResult<T> {
  ok: boolean;
  status: number;
  /** The answer on success; on failure the JSON error body, when there was one. */
  data: T | null;
  error: ApiErrorDto | null;
}

/**
 * POST a JSON body. Success is judged by the status alone and the caller decides what a failure
 * means (the contact forms show the server's message); only a network failure throws.
 */
export async function postJson<T>(apiBase: string | undefined, path: string, body: unknown): Promise<PostResult<T>> {
  const response = await fetch(apiUrl(apiBase, path), {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const { json } = await readBody(response);
  return response.ok
    ? { ok: true, status: response.status, data: json as T, error: null }
    : { ok: false, status: response.status, data: null, error: errorBody(json) };
}
