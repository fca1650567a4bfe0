import { domainChangeDtoSchema, messageDtoSchema, moveDomainSchema, schoolDomainParams, type DomainChangeDto, type MessageDto } from '@atrium/common';
import { approveSchoolDomain, moveSchoolDomain, removeSchoolDomain } from '../../../commands/schools/domains.ts';
import type { Routes } from '../../define.ts';

/**
 * An admin's hand on schools' domain claims (/admin/schools/:id): approve a claim the school
 * cannot prove by DNS, move a claim to the school it belongs to, remove one. The claims
 * themselves are listed in GET /api/admin/schools/:id.
 */
export function adminSchoolDomainRoutes(routes: Routes): void {
  routes.add({
    method: 'post',
    path: '/api/admin/schools/:id/domains/:domain/approve',
    access: 'admin',
    params: schoolDomainParams,
    answer: { body: domainChangeDtoSchema },
    async handler(ctx) {
      const { id, domain } = ctx.input.params;
      const { joined } = await approveSchoolDomain(ctx.deps.db, ctx.deps.clock, id, domain, ctx.state.user.id);
      ctx.state.log.info({ schoolId: id, domain, by: ctx.state.user.id }, 'domain claim approved');
      ctx.body = {
        message: `@${domain} is approved for this school.${joined ? ` ${joined} colleagues with verified addresses joined.` : ''}`,
        joinedMembers: joined,
      } satisfies DomainChangeDto;
    },
  });

  routes.add({
    method: 'post',
    path: '/api/admin/schools/:id/domains/:domain/move',
    access: 'admin',
    params: schoolDomainParams,
    body: moveDomainSchema,
    answer: { body: domainChangeDtoSchema },
    async handler(ctx) {
      const { id, domain } = ctx.input.params;
      const { joined } = await moveSchoolDomain(ctx.deps.db, ctx.deps.clock, id, domain, ctx.input.body.schoolId, ctx.state.user.id);
      ctx.state.log.info({ schoolId: id, domain, to: ctx.input.body.schoolId, by: ctx.state.user.id }, 'domain claim moved');
      ctx.body = { message: `@${domain} now belongs to school ${ctx.input.body.schoolId}.`, joinedMembers: joined } satisfies DomainChangeDto;
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/admin/schools/:id/domains/:domain',
    access: 'admin',
    params: schoolDomainParams,
    answer: { body: messageDtoSchema },
    async handler(ctx) {
      const { id, domain } = ctx.input.params;
      await removeSchoolDomain(ctx.deps.db, id, domain);
      ctx.state.log.info({ schoolId: id, domain, by: ctx.state.user.id }, 'domain claim removed');
      ctx.body = { message: `@${domain} is no longer this school’s domain. Members who joined through it stay members.` } satisfies MessageDto;
    },
  });
}
