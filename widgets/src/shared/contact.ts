import type { MessageDto } from '@atrium/common/api/community';
import { postJson, type PostResult } from '../api.ts';

/** POST /api/contact as both forms send it: the landing form adds company and phone. */
export interface ContactRequest {
  name: string;
  email: string;
  message: string;
  company?: string;
  phone?: string;
  source: 'landing' | 'widget';
}

export function sendContactMessage(apiBase: string | undefined, request: ContactRequest): Promise<PostResult<MessageDto>> {
  return postJson<MessageDto>(apiBase, '/api/contact', request);
}

/** Loose shape check before sending; the server's rule is the real one. */
export const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
