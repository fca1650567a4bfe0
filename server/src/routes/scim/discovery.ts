import { SCIM_ENTERPRISE, SCIM_GROUP, SCIM_LIST, SCIM_USER } from '../../presenters/scim.ts';
import type { Routes } from '../define.ts';
import { scimDiscoveryAnswer } from './schemas.ts';
import { scimBase, scimRoute, SCIM_PATH } from './route.ts';

// What the service provider supports (RFC 7644 section 4, RFC 7643 sections 5-7), for the
// directories that ask before they sync.

const attribute = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: 'string',
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});

const USER_SCHEMA = {
  id: SCIM_USER,
  name: 'User',
  description: 'A person’s place in the school: a member, or someone invited to join.',
  attributes: [
    attribute('userName', { required: true, uniqueness: 'server', description: 'The person’s e-mail address (compared without case); it cannot change.' }),
    attribute('externalId', { caseExact: true }),
    {
      ...attribute('name'),
      type: 'complex',
      subAttributes: [attribute('givenName'), attribute('familyName'), attribute('formatted', { mutability: 'readOnly' })],
    },
    attribute('displayName', { mutability: 'readOnly' }),
    { ...attribute('active'), type: 'boolean', description: 'false suspends the membership; true restores it.' },
    {
      ...attribute('emails', { mutability: 'readOnly' }),
      type: 'complex',
      multiValued: true,
      subAttributes: [attribute('value'), attribute('type'), { ...attribute('primary'), type: 'boolean' }],
    },
  ],
  meta: { resourceType: 'Schema', location: `/Schemas/${SCIM_USER}` },
};

const ENTERPRISE_SCHEMA = {
  id: SCIM_ENTERPRISE,
  name: 'EnterpriseUser',
  description: 'For a trust’s token: organization names the trust’s school the person belongs to.',
  attributes: [attribute('organization')],
  meta: { resourceType: 'Schema', location: `/Schemas/${SCIM_ENTERPRISE}` },
};

const GROUP_SCHEMA = {
  id: SCIM_GROUP,
  name: 'Group',
  description: 'A staff group of the school (or trust): courses given to it reach its members.',
  attributes: [
    attribute('displayName', { required: true, uniqueness: 'server' }),
    attribute('externalId', { caseExact: true }),
    {
      ...attribute('members'),
      type: 'complex',
      multiValued: true,
      subAttributes: [attribute('value', { mutability: 'immutable' }), attribute('display', { mutability: 'readOnly' })],
    },
  ],
  meta: { resourceType: 'Schema', location: `/Schemas/${SCIM_GROUP}` },
};

export function scimDiscoveryRoutes(routes: Routes): void {
  scimRoute(routes, {
    method: 'get',
    path: `${SCIM_PATH}/ServiceProviderConfig`,
    answer: { body: scimDiscoveryAnswer },
    async handler(ctx) {
      return {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
        documentationUri: `${ctx.deps.config.publicUrl}/docs/api`,
        patch: { supported: true },
        bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
        filter: { supported: true, maxResults: 200 },
        changePassword: { supported: false },
        sort: { supported: false },
        etag: { supported: false },
        authenticationSchemes: [
          {
            type: 'oauthbearertoken',
            name: 'Bearer token',
            description: 'A directory sync token from the Directory sync panel of /school or /trust.',
            primary: true,
          },
        ],
        meta: { resourceType: 'ServiceProviderConfig', location: `${scimBase(ctx)}/ServiceProviderConfig` },
      };
    },
  });

  scimRoute(routes, {
    method: 'get',
    path: `${SCIM_PATH}/ResourceTypes`,
    answer: { body: scimDiscoveryAnswer },
    async handler(ctx) {
      const base = scimBase(ctx);
      const resources = [
        {
          schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
          id: 'User',
          name: 'User',
          endpoint: '/Users',
          schema: SCIM_USER,
          schemaExtensions: [{ schema: SCIM_ENTERPRISE, required: false }],
          meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/User` },
        },
        {
          schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
          id: 'Group',
          name: 'Group',
          endpoint: '/Groups',
          schema: SCIM_GROUP,
          meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/Group` },
        },
      ];
      return { schemas: [SCIM_LIST], totalResults: resources.length, startIndex: 1, itemsPerPage: resources.length, Resources: resources };
    },
  });

  scimRoute(routes, {
    method: 'get',
    path: `${SCIM_PATH}/Schemas`,
    answer: { body: scimDiscoveryAnswer },
    async handler() {
      const resources = [USER_SCHEMA, ENTERPRISE_SCHEMA, GROUP_SCHEMA].map((schema) => ({
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
        ...schema,
      }));
      return { schemas: [SCIM_LIST], totalResults: resources.length, startIndex: 1, itemsPerPage: resources.length, Resources: resources };
    },
  });
}
