import type { CredentialJwtPayloadDto, JwksDto, PublicJwkDto, RevocationListDto } from '../api/credentials.ts';

/**
 * Checking an Atrium credential (a compact VC-JWT) with the Web Crypto API alone, so a browser,
 * a widget or a server can verify one holding nothing but the issuer's published key. It uses
 * only web-standard globals (atob, TextEncoder/TextDecoder, crypto.subtle), no library.
 *
 * Why not jose (which the server signs with, and which runs in browsers): the certificate-badge
 * widget bundles this file and its gzip budget is 24.0 KB (widgets/scripts/budgets.mjs); it
 * weighs 23.9 KB today. Measured 2026-11-27 with esbuild --minify, gzip -9: jose 6.2.18's
 * `importJWK` + `compactVerify` come to 4.9 KB gzip (13.6 KB raw), this file's
 * `decodeCredential` + `signatureMatches` to 0.5 KB, so jose would put the badge at about
 * 28.3 KB, over budget. Re-measure: `npm run build -w widgets && npm run size -w widgets`.
 */

export interface DecodedCredential {
  header: { alg?: string; kid?: string; typ?: string };
  payload: CredentialJwtPayloadDto;
  signingInput: string;
  signature: Uint8Array<ArrayBuffer>;
}

const bytes = (base64url: string) => Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));
const json = (base64url: string): unknown => JSON.parse(new TextDecoder().decode(bytes(base64url)));
/** A JSON object (not an array, not null). */
const isObject = (value: unknown): value is Record<string, unknown> => (value as object | null)?.constructor === Object;

/** The three parts of a compact JWS, or null for anything that is not one (including a JWT without a JSON payload). */
export function decodeCredential(jwt: string): DecodedCredential | null {
  const parts = jwt.trim().split('.');
  if (parts.length !== 3) return null;
  try {
    const header = json(parts[0]!);
    const payload = json(parts[1]!);
    if (!isObject(header) || !isObject(payload)) return null;
    return { header, payload: payload as unknown as CredentialJwtPayloadDto, signingInput: `${parts[0]}.${parts[1]}`, signature: bytes(parts[2]!) };
  } catch {
    return null;
  }
}

type Subtle = typeof crypto.subtle;
/** Per JWS algorithm: the Web Crypto parameters to import the key with, then to verify with. */
const ALGORITHMS: Record<string, [Parameters<Subtle['importKey']>[2], Parameters<Subtle['verify']>[0]]> = {
  ES256: [
    { name: 'ECDSA', namedCurve: 'P-256' },
    { name: 'ECDSA', hash: 'SHA-256' },
  ],
  RS256: [{ name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, 'RSASSA-PKCS1-v1_5'],
};

/** True only when `jwk` (of the header's algorithm) verifies the signature over header and payload. */
export async function signatureMatches(credential: DecodedCredential, jwk: PublicJwkDto): Promise<boolean> {
  const alg = credential.header.alg!;
  const algorithm = ALGORITHMS[alg];
  if (!algorithm || jwk.alg !== alg) return false;
  try {
    const key = await crypto.subtle.importKey('jwk', jwk, algorithm[0], false, ['verify']);
    return await crypto.subtle.verify(algorithm[1], key, credential.signature, new TextEncoder().encode(credential.signingInput));
  } catch {
    return false;
  }
}

/** The learner's name as the issuer recorded it (an unhashed `name` identifier), if any. */
export function credentialLearnerName(payload: CredentialJwtPayloadDto): string | null {
  const name = payload.credentialSubject?.identifier?.find?.((identifier) => identifier?.identityType === 'name' && identifier.hashed === false);
  return typeof name?.identityHash === 'string' ? name.identityHash : null;
}

/**
 * The final quiz's score a signed credential of ours reports, if any: the first result, when it is
 * described as a Percent (CPD hours, issue 59, may follow it or stand alone). Kept this small for
 * the certificate badge's size budget.
 */
export function credentialQuizScore(payload: CredentialJwtPayloadDto): number | null {
  // Ours list the score first when there is one (CPD hours follow), its description first too.
  const subject = payload.credentialSubject;
  return subject?.achievement?.resultDescription?.[0]?.resultType === 'Percent' ? Number(subject.result?.[0]?.value) : null;
}

/** The CPD hours a credential of ours awards (issue 59): the subject's credits earned, else the achievement's credit hours. */
export function credentialCpdHours(payload: CredentialJwtPayloadDto): number | null {
  const hours = payload.credentialSubject?.creditsEarned ?? payload.credentialSubject?.achievement?.creditsAvailable;
  return typeof hours === 'number' && Number.isFinite(hours) ? hours : null;
}

export const isRevoked = (list: RevocationListDto | null | undefined, credentialId: string) =>
  Array.isArray(list?.revokedCredential) &&
  list.revokedCredential.some((entry: { id?: unknown; revoked?: boolean } | null) => entry?.id === credentialId && entry.revoked !== false);

export type CredentialVerdict =
  | { status: 'valid' | 'revoked' | 'expired' | 'not_yet_valid'; credential: CredentialJwtPayloadDto; revocationChecked: boolean }
  /** Signed by one of our keys, but not what was signed. */
  | { status: 'altered'; credential: CredentialJwtPayloadDto }
  /** Another issuer's, or signed by a key we never published. */
  | { status: 'not_ours'; credential: CredentialJwtPayloadDto }
  /** Not a credential at all. */
  | { status: 'unreadable' }
  /** Our published keys could not be fetched, so nothing can be said. */
  | { status: 'unavailable' };

export interface CheckOptions {
  /** Our issuer id (`${PUBLIC_URL}/api/credentials/issuer`). */
  issuerId: string;
  /** Where our public keys are published (`${PUBLIC_URL}/.well-known/jwks.json`). */
  jwksUrl: string;
  loadJson(url: string): Promise<unknown>;
  now: Date;
}

const seconds = (iso: unknown) => (typeof iso === 'string' && !Number.isNaN(Date.parse(iso)) ? Date.parse(iso) / 1000 : undefined);
/** Clocks differ; a minute either way is not "expired" or "not yet valid". */
const LEEWAY_SECONDS = 60;

/**
 * The whole check a verifier makes: ours (issuer and key), signature, shape, validity dates, then
 * revocation. A revocation list that cannot be fetched leaves the verdict standing, flagged
 * `revocationChecked: false`, since the signature alone still proves who issued it.
 */
export async function checkCredential(jwt: string, options: CheckOptions): Promise<CredentialVerdict> {
  const decoded = decodeCredential(jwt);
  if (!decoded) return { status: 'unreadable' };
  const credential = decoded.payload;
  const issuer = isObject(credential.issuer) ? credential.issuer.id : credential.issuer;
  if (credential.iss !== options.issuerId && issuer !== options.issuerId) return { status: 'not_ours', credential };
  let keys: PublicJwkDto[];
  try {
    keys = ((await options.loadJson(options.jwksUrl)) as JwksDto).keys;
  } catch {
    return { status: 'unavailable' };
  }
  const key = keys.find((candidate) => candidate.kid === decoded.header.kid);
  if (!key) return { status: 'not_ours', credential };
  if (!(await signatureMatches(decoded, key))) return { status: 'altered', credential };
  const types = Array.isArray(credential.type) ? credential.type : [];
  if (!types.includes('OpenBadgeCredential') || !isObject(credential.credentialSubject?.achievement)) return { status: 'unreadable' };

  let revocationChecked = false;
  let revoked = false;
  if (credential.credentialStatus?.type === '1EdTechRevocationList' && typeof credential.credentialStatus.id === 'string') {
    try {
      revoked = isRevoked((await options.loadJson(credential.credentialStatus.id)) as RevocationListDto, credential.id);
      revocationChecked = true;
    } catch {
      revocationChecked = false;
    }
  }
  const now = options.now.getTime() / 1000;
  const until = Math.min(credential.exp ?? Infinity, seconds(credential.validUntil) ?? Infinity);
  const from = Math.max(credential.nbf ?? -Infinity, seconds(credential.validFrom) ?? -Infinity);
  const status = revoked ? 'revoked' : now > until + LEEWAY_SECONDS ? 'expired' : now < from - LEEWAY_SECONDS ? 'not_yet_valid' : 'valid';
  return { status, credential, revocationChecked };
}
