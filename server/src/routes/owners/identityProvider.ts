import { z } from 'zod';
import {
  identityProviderAnswerSchema,
  identityProviderDtoSchema,
  identityProviderRequiredSchema,
  identityProviderSchema,
  schoolParams,
  SSO_ATTRIBUTES_READ,
  type IdentityProviderAnswerDto,
  type IdentityProviderDto,
  type SsoTestResultDto,
} from '@atrium/common';
import { deleteIdentityProvider, saveOidcProvider, saveSamlProvider, setSignInRequired } from '../../commands/identityProviders.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { IdentityProvider } from '../../db/tables.ts';
import { identityProviderOf, type ProviderOwner } from '../../queries/identityProviders.ts';
import { encryptClientSecret, secretBinding } from '../../services/sso/clientSecret.ts';
import { checkedIssuer, checkOidcIssuer, oidcRedirectUri } from '../../services/sso/oidc.ts';
import { samlSettingsFrom, serviceProviderUrls } from '../../services/sso/saml.ts';
import { safeReturnTo } from '../../services/signIn/flows.ts';
import type { Routes } from '../define.ts';
import { startSignIn } from '../schoolSignInFlow.ts';
import type { OwnerRoutesOptions } from './options.ts';

/** A connection as its managers see it: never a secret, and what to give their IT team. */
function presentIdentityProvider(row: IdentityProvider, publicUrl: string): IdentityProviderDto {
  const urls = serviceProviderUrls(publicUrl, Number(row.id));
  return {
    id: Number(row.id),
    kind: row.kind,
    entityId: row.entityId ?? '',
    ssoUrl: row.ssoUrl ?? '',
    certificateExpiresAt: row.certificateExpiresAt === null ? null : Number(row.certificateExpiresAt),
    issuer: row.issuer,
    clientId: row.clientId,
    redirectUri: oidcRedirectUri(publicUrl, Number(row.id)),
    spEntityId: urls.spEntityId,
    acsUrl: urls.acsUrl,
    metadataUrl: urls.metadataUrl,
    startUrl: urls.startUrl,
    attributes: SSO_ATTRIBUTES_READ,
    required: Boolean(row.required),
    lastTest: lastTestOf(row),
  };
}

/** The stored outcome of the last "Test sign-in" (commands/identityProviders.ts, recordTestSignIn). */
function lastTestOf(row: IdentityProvider): SsoTestResultDto | null {
  if (row.lastTestAt === null || row.lastTestResult === null) return null;
  const stored = JSON.parse(row.lastTestResult) as Omit<SsoTestResultDto, 'at'>;
  return { at: Number(row.lastTestAt), ok: Boolean(row.lastTestOk), email: stored.email, name: stored.name, failure: stored.failure };
}

const testQuery = z.object({ returnTo: z.unknown().optional() });

/**
 * A client secret's UTF-8 bytes at most: encrypted it must fit its column (migration 041, 1,000
 * characters). The schema counts characters, and one character can be up to four bytes.
 */
const CLIENT_SECRET_MAX_BYTES = 500;

function requireStorableSecret(clientSecret: string | undefined): void {
  if (clientSecret !== undefined && Buffer.byteLength(clientSecret, 'utf8') > CLIENT_SECRET_MAX_BYTES) {
    const sentence = 'The client secret is too long: paste the secret exactly as your provider shows it.';
    throw badRequest(sentence, { clientSecret: sentence });
  }
}

/**
 * A school's or trust's own sign-in provider under `base`: read, connect (or replace), remove.
 * Mounted for the owner's managers (/api/schools/:id, /api/trusts/:id) and the agency's admins
 * (/api/admin/schools/:id, /api/admin/trusts/:id).
 */
export function identityProviderRoutes(routes: Routes, { base, access, policy }: OwnerRoutesOptions, kind: 'school' | 'trust'): void {
  const ownerOf = (id: number): ProviderOwner => (kind === 'school' ? { schoolId: id } : { trustId: id });

  routes.add({
    method: 'get',
    path: `${base}/identity-provider`,
    access,
    params: schoolParams,
    policy,
    cache: 'no-store',
    answer: { body: identityProviderAnswerSchema },
    async handler(ctx) {
      const row = await identityProviderOf(ctx.deps.db, ownerOf(ctx.input.params.id));
      ctx.body = { provider: row ? presentIdentityProvider(row, ctx.deps.config.publicUrl) : null } satisfies IdentityProviderAnswerDto;
    },
  });

  routes.add({
    method: 'put',
    path: `${base}/identity-provider`,
    access,
    params: schoolParams,
    body: identityProviderSchema,
    policy,
    cache: 'no-store',
    answer: { body: identityProviderDtoSchema },
    async handler(ctx) {
      const owner = ownerOf(ctx.input.params.id);
      const input = ctx.input.body;
      let row: IdentityProvider;
      if (input.kind === 'oidc') {
        requireStorableSecret(input.clientSecret);
        const issuer = checkedIssuer(input.issuer, ctx.deps.config.isProduction);
        await checkOidcIssuer(issuer, input.clientId, ctx.deps.config.isProduction);
        const clientSecret = input.clientSecret ? encryptClientSecret(input.clientSecret, secretBinding(owner), ctx.deps.config.sessionKeys) : null;
        row = await saveOidcProvider(ctx.deps.db, owner, { issuer, clientId: input.clientId, clientSecret }, ctx.now());
      } else {
        row = await saveSamlProvider(ctx.deps.db, owner, samlSettingsFrom(input, ctx.now()), ctx.now());
      }
      ctx.state.log.info(
        { ...owner, connectionId: row.id, kind: row.kind, entityId: row.entityId, issuer: row.issuer, by: ctx.state.user!.id },
        'identity provider saved',
      );
      ctx.body = presentIdentityProvider(row, ctx.deps.config.publicUrl);
    },
  });

  routes.add({
    method: 'get',
    path: `${base}/identity-provider/test`,
    access,
    params: schoolParams,
    query: testQuery,
    policy,
    cache: 'no-store',
    rateLimit: { limit: 'signInStart', by: 'ip' },
    answer: { status: 302, headers: { Location: 'The provider, for a test sign-in that signs nobody in; back to `returnTo` with `ssoTest=passed|failed`' } },
    async handler(ctx) {
      const row = await identityProviderOf(ctx.deps.db, ownerOf(ctx.input.params.id));
      if (!row) throw notFound('There is no sign-in connection to test.');
      const fallback = kind === 'school' ? '/school' : '/trust';
      const returnTo = safeReturnTo(ctx.input.query.returnTo ?? fallback);
      await startSignIn(ctx, row, returnTo === '/' ? fallback : returnTo, ctx.state.user!.id);
    },
  });

  routes.add({
    method: 'put',
    path: `${base}/identity-provider/required`,
    access,
    params: schoolParams,
    body: identityProviderRequiredSchema,
    policy,
    cache: 'no-store',
    answer: { body: identityProviderDtoSchema },
    async handler(ctx) {
      const owner = ownerOf(ctx.input.params.id);
      const row = await setSignInRequired(ctx.deps.db, owner, ctx.input.body.required, ctx.now());
      ctx.state.log.info({ ...owner, connectionId: row.id, required: ctx.input.body.required, by: ctx.state.user!.id }, 'school sign-in requirement set');
      ctx.body = presentIdentityProvider(row, ctx.deps.config.publicUrl);
    },
  });

  routes.add({
    method: 'delete',
    path: `${base}/identity-provider`,
    access,
    params: schoolParams,
    policy,
    cache: 'no-store',
    answer: { status: 204 },
    async handler(ctx) {
      const owner = ownerOf(ctx.input.params.id);
      if (await deleteIdentityProvider(ctx.deps.db, owner)) ctx.state.log.info({ ...owner, by: ctx.state.user!.id }, 'identity provider removed');
      ctx.status = 204;
    },
  });
}
