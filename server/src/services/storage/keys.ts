import { randomBytes } from 'node:crypto';
import { checkStorageKey } from './types.ts';

/**
 * A fresh key under `area` ("resources", "submissions" …): 128 random bits, spread over 256
 * folders by its first two characters so no directory on disk grows past a few thousand entries.
 */
export function newStorageKey(area: string): string {
  const id = randomBytes(16).toString('hex');
  return checkStorageKey(`${area}/${id.slice(0, 2)}/${id}`);
}
