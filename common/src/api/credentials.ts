/**
 * Open Badges 3.0 (VC Data Model 2.0) shapes as Atrium issues them: the credential travels as the
 * payload of a compact VC-JWT (`GET /api/certificates/:number/credential`).
 */

export const VC_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
export const OB_CONTEXT = 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json';
export const OB_SCHEMA = 'https://purl.imsglobal.org/spec/ob/v3p0/schema/json/ob_v3p0_achievementcredential_schema.json';

export interface IssuerProfileDto {
  '@context'?: string[];
  id: string;
  type: string[];
  name: string;
  url: string;
  email?: string;
}

export interface AchievementDto {
  '@context'?: string[];
  id: string;
  type: string[];
  achievementType: string;
  name: string;
  description: string;
  criteria: { narrative: string };
  /** The final quiz's score as a result the credential reports (issue 36), when it has one. */
  resultDescription?: ResultDescriptionDto[];
  /** CPD hours the course is worth (issue 59): Open Badges' credit hours. */
  creditsAvailable?: number;
}

/** Open Badges 3.0 ResultDescription: what a result of the achievement means. */
export interface ResultDescriptionDto {
  id: string;
  type: string[];
  name: string;
  resultType: string;
  requiredValue?: string;
}

/** Open Badges 3.0 Result: the learner's value for a ResultDescription (by its id). */
export interface ResultDto {
  type: string[];
  resultDescription: string;
  value: string;
}

export interface IdentityObjectDto {
  type: 'IdentityObject';
  identityType: string;
  hashed: boolean;
  identityHash: string;
  salt?: string;
}

export interface OpenBadgeCredentialDto {
  '@context': string[];
  id: string;
  type: string[];
  name: string;
  issuer: IssuerProfileDto;
  validFrom: string;
  validUntil?: string;
  awardedDate?: string;
  credentialSubject: {
    id: string;
    type: string[];
    identifier: IdentityObjectDto[];
    achievement: AchievementDto;
    result?: ResultDto[];
    /** The CPD hours this learner earned (issue 59). */
    creditsEarned?: number;
  };
  credentialStatus: { id: string; type: '1EdTechRevocationList' };
  credentialSchema?: Array<{ id: string; type: string }>;
}

/** The JWT claims beside the credential (OB 3.0 §8.2): iss, jti, sub and nbf mirror it. */
export type CredentialJwtPayloadDto = OpenBadgeCredentialDto & { iss: string; jti: string; sub: string; nbf: number; exp?: number };

/** `GET <credentialStatus.id>`: every revoked credential, by credential id. */
export interface RevocationListDto {
  revokedCredential: Array<{ id: string; revoked: true }>;
}

/** A published public key (`GET <kid>`), and the set of every key that ever signed (`/.well-known/jwks.json`). */
export interface PublicJwkDto {
  kty: string;
  kid: string;
  alg: 'ES256' | 'RS256';
  use: 'sig';
  crv?: string;
  x?: string;
  y?: string;
  n?: string;
  e?: string;
}

export interface JwksDto {
  keys: PublicJwkDto[];
}
