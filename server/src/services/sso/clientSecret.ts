import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * An OIDC connection's client secret at rest: AES-256-GCM under a key derived (HKDF-SHA256) from
 * a SESSION_SECRET key, bound to the connection's owner so a stored value copied to another row
 * does not decrypt. The newest key encrypts; every listed key is tried, so rotating SESSION_SECRET
 * (prepending a new key) keeps stored secrets readable until the old key is removed. A database
 * dump alone does not give the school's client secret away.
 *
 * Stored form: `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
const keyFor = (secret: string) => Buffer.from(hkdfSync('sha256', secret, 'atrium:sso', 'atrium:sso:client-secret:v1', 32));

export function encryptClientSecret(plain: string, binding: string, secrets: string[]): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secrets[0]!), iv);
  cipher.setAAD(Buffer.from(binding));
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/** The secret, or null when no listed key opens it (rotated away, altered, or another row's). */
export function decryptClientSecret(stored: string, binding: string, secrets: string[]): string | null {
  const [version, iv, tag, ciphertext, extra] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !ciphertext || extra !== undefined) return null;
  for (const secret of secrets) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', keyFor(secret), Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(binding));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      // Not this key: try the next.
    }
  }
  return null;
}

/** What a stored secret is bound to: its connection's owner (a school or a trust). */
export const secretBinding = (owner: { schoolId?: number | null; trustId?: number | null }): string =>
  owner.schoolId !== undefined && owner.schoolId !== null ? `school:${Number(owner.schoolId)}` : `trust:${Number(owner.trustId)}`;
