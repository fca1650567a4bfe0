import { createHash, randomBytes } from 'node:crypto';

/** A link token: 256 random bits, URL-safe. Only its hash is ever stored. */
export const newToken = (): string => randomBytes(32).toString('base64url');

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
