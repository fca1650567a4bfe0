import {
  achievementDtoSchema,
  id,
  issuerProfileDtoSchema,
  jwksDtoSchema,
  OB_CONTEXT,
  publicJwkDtoSchema,
  revocationListDtoSchema,
  VC_CONTEXT,
  type JwksDto,
  type RevocationListDto,
  type AchievementDto,
  type IssuerProfileDto,
} from '@atrium/common';
import { z } from 'zod';
import { notFound } from '../../../errors.ts';
import { presentAchievement, presentIssuerProfile } from '../../../presenters/credentials.ts';
import { achievementCourse } from '../../../queries/courses.ts';
import { credentialKey, revokedCredentialIds } from '../../../queries/credentials.ts';
import { publishedJwk, publishedKeys } from '../../../services/credentialSigner.ts';
import type { Routes } from '../../define.ts';

const JSON_LD_CONTEXT = [VC_CONTEXT, OB_CONTEXT];

/** A JWK thumbprint (RFC 7638, SHA-256, base64url): 43 characters. */
const keyParams = z.object({ thumbprint: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Not a key thumbprint') });

/**
 * Open Badges 3.0: everything a verifier of a certificate's signed VC-JWT (certificates/credential.ts) needs without
 * our database: the issuer's Profile, each course's Achievement, the revocation list and every
 * public key that ever signed (keys are retired, never deleted).
 */
export function credentialRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/credentials/issuer',
    access: 'public',
    answer: { body: issuerProfileDtoSchema },
    handler(ctx) {
      ctx.set('Cache-Control', 'public, max-age=300');
      ctx.body = { '@context': JSON_LD_CONTEXT, ...presentIssuerProfile(ctx.deps.config) } satisfies IssuerProfileDto;
    },
  });

  routes.add({
    method: 'get',
    path: '/api/credentials/achievements/:id',
    access: 'public',
    params: z.object({ id }),
    answer: { body: achievementDtoSchema },
    async handler(ctx) {
      const { config, db } = ctx.deps;
      const course = await achievementCourse(db, ctx.input.params.id);
      if (!course) throw notFound('Achievement not found');
      ctx.set('Cache-Control', 'public, max-age=300');
      ctx.body = { '@context': JSON_LD_CONTEXT, ...presentAchievement(config, course, '') } satisfies AchievementDto;
    },
  });

  routes.add({
    method: 'get',
    path: '/api/credentials/revocations',
    access: 'public',
    // Revocation must show at once, so verifiers always ask again.
    cache: 'no-store',
    answer: { body: revocationListDtoSchema },
    async handler(ctx) {
      const revoked = await revokedCredentialIds(ctx.deps.db);
      const body: RevocationListDto = { revokedCredential: revoked.map((credentialId) => ({ id: credentialId, revoked: true })) };
      ctx.body = body;
    },
  });

  routes.add({
    method: 'get',
    path: '/api/credentials/keys/:thumbprint',
    access: 'public',
    params: keyParams,
    answer: { body: publicJwkDtoSchema },
    async handler(ctx) {
      const row = await credentialKey(ctx.deps.db, ctx.input.params.thumbprint);
      if (!row) throw notFound('Key not found');
      // A published key never changes (it is retired at most), so it may be cached.
      ctx.set('Cache-Control', 'public, max-age=86400');
      ctx.body = publishedJwk(ctx.deps.config.publicUrl, row);
    },
  });

  routes.add({
    method: 'get',
    path: '/.well-known/jwks.json',
    access: 'public',
    answer: { body: jwksDtoSchema },
    async handler(ctx) {
      const { db, clock, config, credentials } = ctx.deps;
      await credentials.register(db, clock);
      const body: JwksDto = { keys: (await publishedKeys(db)).map((row) => publishedJwk(config.publicUrl, row)) };
      ctx.set('Cache-Control', 'public, max-age=300');
      ctx.body = body;
    },
  });
}
