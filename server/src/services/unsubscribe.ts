import { createHmac, timingSafeEqual } from 'node:crypto';
import { UNSUBSCRIBE_CATEGORIES, type UnsubscribeCategory } from '@atrium/common';

/**
 * Unsubscribe links carry a token naming one user and one category, signed with HMAC-SHA256
 * under a key derived from each SESSION_SECRET key (the newest signs, every listed one is
 * accepted, so rotating the secret does not break links already sent). Changing the user or
 * the category breaks the signature; the token never expires, as RFC 8058 links must keep working.
 */
export interface UnsubscribeTarget {
  userId: number;
  category: UnsubscribeCategory;
}

const keyFor = (secret: string) => createHmac('sha256', secret).update('atrium:unsubscribe:v1').digest();

function sign(payload: string, secret: string): Buffer {
  return createHmac('sha256', keyFor(secret)).update(payload).digest();
}

export function unsubscribeToken(target: UnsubscribeTarget, secrets: string[]): string {
  const payload = Buffer.from(`${target.userId}.${target.category}`).toString('base64url');
  return `${payload}.${sign(payload, secrets[0]!).toString('base64url')}`;
}

/** The user and category a token names, or null when it was altered or is not one of ours. */
export function readUnsubscribeToken(token: string, secrets: string[]): UnsubscribeTarget | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const given = Buffer.from(signature, 'base64url');
  const valid = secrets.some((secret) => {
    const expected = sign(payload, secret);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!valid) return null;
  const match = /^(\d{1,10})\.([a-z]+)$/.exec(Buffer.from(payload, 'base64url').toString('utf8'));
  if (!match) return null;
  const category = match[2] as UnsubscribeCategory;
  if (!UNSUBSCRIBE_CATEGORIES.includes(category)) return null;
  return { userId: Number(match[1]), category };
}

export interface UnsubscribeLinks {
  /** The page a person opens from the mail's own link. */
  pageUrl: string;
  /** List-Unsubscribe and List-Unsubscribe-Post (RFC 8058 one-click). */
  headers: Record<string, string>;
}

export function unsubscribeLinks(publicUrl: string, target: UnsubscribeTarget, secrets: string[]): UnsubscribeLinks {
  const token = unsubscribeToken(target, secrets);
  return {
    pageUrl: `${publicUrl}/unsubscribe?token=${token}`,
    headers: {
      'List-Unsubscribe': `<${publicUrl}/api/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

export const UNSUBSCRIBE_DESCRIPTIONS: Record<UnsubscribeCategory, string> = {
  reminders: 'reminders about your training deadlines and expiring certificates',
  digest: "the weekly summary of your school's training",
  replies: 'e-mails when someone replies in a discussion you take part in or follow',
  moderation: "the daily summary of the courses' discussions for administrators",
};
