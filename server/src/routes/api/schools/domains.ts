import {
  domainSchema,
  googleWorkspaceSchema,
  messageDtoSchema,
  schoolDomainClaimDtoSchema,
  schoolDomainDtoSchema,
  schoolDomainParams,
  schoolParams,
  verifyEmailResultDtoSchema,
  verifyEmailSchema,
  type SchoolDomainClaimDto,
  type VerifyEmailResultDto,
  type MessageDto,
} from '@atrium/common';
import { addSchoolDomain, proveSchoolDomainByDns, removeSchoolDomain, setGoogleWorkspaceDomain } from '../../../commands/schools/domains.ts';
import { notFound } from '../../../errors.ts';
import { verifyEmail } from '../../../commands/schools/verifyEmail.ts';
import { schoolManager } from '../../../policies/schools.ts';
import { presentDomain, presentSchool } from '../../../presenters/schools.ts';
import { schoolById, schoolDomain } from '../../../queries/schools.ts';
import type { Routes } from '../../define.ts';

/** School e-mail domains, and confirming an address, which joining by domain depends on (the link is sent by user/emailVerification.ts). */
export function schoolDomainRoutes(routes: Routes): void {
  routes.add({
    method: 'post',
    path: '/api/schools/:id/domains',
    access: 'user',
    params: schoolParams,
    body: domainSchema,
    policy: schoolManager,
    answer: { body: schoolDomainClaimDtoSchema },
    async handler(ctx) {
      const { db, clock } = ctx.deps;
      const user = ctx.state.user;
      const claim = await addSchoolDomain(
        db,
        clock,
        ctx.input.params.id,
        { id: user.id, email: user.email, emailVerifiedAt: user.emailVerifiedAt ?? null },
        ctx.input.body.domain,
      );
      // Nobody joins yet: the claim waits for its TXT record (or an admin), whose value it carries.
      ctx.body = { ...presentDomain(claim), joinedMembers: 0 } satisfies SchoolDomainClaimDto;
    },
  });

  routes.add({
    method: 'post',
    path: '/api/schools/:id/domains/:domain/verify',
    access: 'user',
    params: schoolDomainParams,
    rateLimit: { limit: 'domainCheck', by: 'user' },
    policy: schoolManager,
    answer: { body: schoolDomainClaimDtoSchema },
    async handler(ctx) {
      const { db, dns, clock } = ctx.deps;
      const { id, domain } = ctx.input.params;
      const { joined } = await proveSchoolDomainByDns(db, dns, clock, id, domain, ctx.state.user.id);
      const row = await schoolDomain(db, id, domain);
      if (!row) throw notFound('Domain not found');
      ctx.body = { ...presentDomain(row), joinedMembers: joined } satisfies SchoolDomainClaimDto;
    },
  });

  routes.add({
    method: 'put',
    path: '/api/schools/:id/domains/:domain/google-workspace',
    access: 'user',
    params: schoolDomainParams,
    body: googleWorkspaceSchema,
    rateLimit: { limit: 'domainCheck', by: 'user' },
    policy: schoolManager,
    answer: { body: schoolDomainDtoSchema },
    async handler(ctx) {
      const claim = await setGoogleWorkspaceDomain(ctx.deps.db, ctx.input.params.id, ctx.input.params.domain, ctx.input.body.hd);
      ctx.body = presentDomain(claim);
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/schools/:id/domains/:domain',
    access: 'user',
    params: schoolDomainParams,
    policy: schoolManager,
    answer: { body: messageDtoSchema },
    async handler(ctx) {
      await removeSchoolDomain(ctx.deps.db, ctx.input.params.id, ctx.input.params.domain);
      ctx.body = { message: 'Domain removed. Members who joined through it stay members.' } satisfies MessageDto;
    },
  });

  routes.add({
    method: 'post',
    path: '/api/verify-email',
    // The account's own owner, signed in (commands/schools/verifyEmail.ts says why).
    access: 'user',
    body: verifyEmailSchema,
    rateLimit: { limit: 'verifyAddress', by: 'ip' },
    answer: { body: verifyEmailResultDtoSchema },
    async handler(ctx) {
      const { db } = ctx.deps;
      const { joinedSchoolId } = await verifyEmail(db, ctx.input.body.token, ctx.state.user.id, ctx.now());
      const school = joinedSchoolId === null ? null : ((await schoolById(db, joinedSchoolId)) ?? null);
      ctx.body = {
        message: school ? `Your e-mail address is verified and you have joined ${school.name}.` : 'Your e-mail address is verified.',
        joinedSchool: school ? presentSchool(school) : null,
      } satisfies VerifyEmailResultDto;
    },
  });
}
