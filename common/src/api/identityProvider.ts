import { z } from 'zod';

/**
 * PUT /api/schools/:id/identity-provider, PUT /api/trusts/:id/identity-provider: a SAML 2.0
 * provider, from its metadata XML or from its entity ID, single sign-on URL and signing
 * certificate (PEM). The server checks each field and names the one it refuses.
 */
export const samlProviderSchema = z
  .object({
    kind: z.literal('saml'),
    metadataXml: z.string().trim().min(1).max(200_000).optional(),
    entityId: z.string().trim().min(1).max(1000).optional(),
    ssoUrl: z.string().trim().min(1).max(1000).optional(),
    certificate: z.string().trim().min(1).max(20_000).optional(),
  })
  .strict();

/**
 * An OpenID Connect issuer of the school's own (Okta, ClassLink, an Entra tenant, Keycloak…):
 * its issuer URL (discovery must answer at `issuer/.well-known/openid-configuration`), and the
 * client id and secret the school's IT team registered for Atrium. The secret may be left out
 * when replacing a connection with the same issuer and client id: the stored one is kept.
 */
export const oidcProviderSchema = z
  .object({
    kind: z.literal('oidc'),
    issuer: z.string().trim().min(1).max(1000),
    clientId: z.string().trim().min(1).max(255),
    clientSecret: z.string().trim().min(1).max(500).optional(),
  })
  .strict();

export const identityProviderSchema = z.discriminatedUnion('kind', [samlProviderSchema, oidcProviderSchema]);
export type IdentityProviderInput = z.infer<typeof identityProviderSchema>;

/** The last "Test sign-in" through a connection: who came back, or which check refused them. */
export const ssoTestResultSchema = z
  .object({
    /** When it ran (ms since the epoch). */
    at: z.number(),
    /** Whether that answer would have signed the person in. */
    ok: z.boolean(),
    /** The address and name the provider vouched for; null when it sent none or a check failed first. */
    email: z.string().nullable(),
    name: z.string().nullable(),
    /** The check that failed: its sign-in error code and what the server found. */
    failure: z.object({ code: z.string(), detail: z.string() }).nullable(),
  })
  .meta({ id: 'SsoTestResultDto' });
export type SsoTestResultDto = z.infer<typeof ssoTestResultSchema>;

/**
 * PUT …/identity-provider/required: staff on the organisation's proven domains must sign in with
 * its provider (password, Google and Microsoft sign-in refused for them; admins never). Turning it
 * on needs a test sign-in that passed since the settings were last saved.
 */
export const identityProviderRequiredSchema = z.object({ required: z.boolean() }).strict();

/** A connected provider and what the school's IT team needs to set Atrium up at their end. */
export const identityProviderDtoSchema = z
  .object({
    id: z.number(),
    kind: z.enum(['saml', 'oidc']),
    /** SAML: the provider's entity ID and single sign-on URL (empty for OIDC). */
    entityId: z.string(),
    ssoUrl: z.string(),
    /** SAML: when the earliest of its signing certificates stops being valid (ms since the epoch); null for OIDC. */
    certificateExpiresAt: z.number().nullable(),
    /** OIDC: the issuer and the client id (null for SAML). The client secret is never sent back. */
    issuer: z.string().nullable(),
    clientId: z.string().nullable(),
    /** OIDC: the redirect URI to register at the provider. */
    redirectUri: z.string(),
    /** Our entity ID (the metadata URL), the assertion consumer service URL, the metadata URL. */
    spEntityId: z.string(),
    acsUrl: z.string(),
    metadataUrl: z.string(),
    /** A direct sign-in link for the school's intranet. */
    startUrl: z.string(),
    /** What we read from the assertion. */
    attributes: z.array(z.string()),
    /** Staff on the proven domains must sign in with this provider. */
    required: z.boolean(),
    /** The last test sign-in since the settings were saved, or null. */
    lastTest: ssoTestResultSchema.nullable(),
  })
  .meta({ id: 'IdentityProviderDto' });
export type IdentityProviderDto = z.infer<typeof identityProviderDtoSchema>;

/** GET …/identity-provider: the connection, or null when there is none. */
export const identityProviderAnswerSchema = z.object({ provider: identityProviderDtoSchema.nullable() }).meta({ id: 'IdentityProviderAnswerDto' });
export type IdentityProviderAnswerDto = z.infer<typeof identityProviderAnswerSchema>;

/** The attributes a SAML connection reads: the NameID, else the first address attribute, and the names. */
export const SSO_ATTRIBUTES_READ = [
  'NameID (an e-mail address on your proven domains), or the attribute email / mail',
  'givenName or http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname (optional)',
  'sn / surname or http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname (optional)',
];
