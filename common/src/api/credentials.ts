import { z } from 'zod';

/**
 * Open Badges 3.0 (VC Data Model 2.0) shapes as Atrium issues them: the credential travels as the
 * payload of a compact VC-JWT (`GET /api/certificates/:number/credential`).
 */

export const VC_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
export const OB_CONTEXT = 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json';
export const OB_SCHEMA = 'https://purl.imsglobal.org/spec/ob/v3p0/schema/json/ob_v3p0_achievementcredential_schema.json';

const jsonLdContext = z.array(z.string());

export const issuerProfileDtoSchema = z
  .object({
    '@context': jsonLdContext.optional(),
    id: z.string(),
    type: z.array(z.string()),
    name: z.string(),
    url: z.string(),
    email: z.string().optional(),
  })
  .meta({ id: 'IssuerProfileDto' });
export type IssuerProfileDto = z.infer<typeof issuerProfileDtoSchema>;

/** Open Badges 3.0 ResultDescription: what a result of the achievement means. */
export const resultDescriptionDtoSchema = z
  .object({
    id: z.string(),
    type: z.array(z.string()),
    name: z.string(),
    resultType: z.string(),
    requiredValue: z.string().optional(),
  })
  .meta({ id: 'ResultDescriptionDto' });
export type ResultDescriptionDto = z.infer<typeof resultDescriptionDtoSchema>;

export const achievementDtoSchema = z
  .object({
    '@context': jsonLdContext.optional(),
    id: z.string(),
    type: z.array(z.string()),
    achievementType: z.string(),
    name: z.string(),
    description: z.string(),
    criteria: z.object({ narrative: z.string() }),
    /** The final quiz's score as a result the credential reports (issue 36), when it has one. */
    resultDescription: z.array(resultDescriptionDtoSchema).optional(),
    /** CPD hours the course is worth (issue 59): Open Badges' credit hours. */
    creditsAvailable: z.number().optional(),
  })
  .meta({ id: 'AchievementDto' });
export type AchievementDto = z.infer<typeof achievementDtoSchema>;

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

/** The credential itself travels inside a VC-JWT (`application/vc+jwt`), so its type has no schema of its own here. */
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
export const revocationListDtoSchema = z
  .object({ revokedCredential: z.array(z.object({ id: z.string(), revoked: z.literal(true) })) })
  .meta({ id: 'RevocationListDto' });
export type RevocationListDto = z.infer<typeof revocationListDtoSchema>;

/** A published public key (`GET <kid>`), and the set of every key that ever signed (`/.well-known/jwks.json`). */
export const publicJwkDtoSchema = z
  .object({
    kty: z.string(),
    kid: z.string(),
    alg: z.enum(['ES256', 'RS256']),
    use: z.literal('sig'),
    crv: z.string().optional(),
    x: z.string().optional(),
    y: z.string().optional(),
    n: z.string().optional(),
    e: z.string().optional(),
  })
  .meta({ id: 'PublicJwkDto' });
export type PublicJwkDto = z.infer<typeof publicJwkDtoSchema>;

export const jwksDtoSchema = z.object({ keys: z.array(publicJwkDtoSchema) }).meta({ id: 'JwksDto' });
export type JwksDto = z.infer<typeof jwksDtoSchema>;
