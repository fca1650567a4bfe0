import type { Routes } from '../define.ts';
import { scimDiscoveryRoutes } from './discovery.ts';
import { scimGroupRoutes } from './groups.ts';
import { oneRosterRoutes } from './onerosterRoutes.ts';
import { directorySyncTokenRoutes } from './tokenRoutes.ts';
import { scimUserRoutes } from './users.ts';

/** Directory sync (issue 56): the tokens and log under /api, the SCIM 2.0 service under /scim/v2. */
export function directorySyncRoutes(routes: Routes): void {
  directorySyncTokenRoutes(routes);
  scimDiscoveryRoutes(routes);
  scimUserRoutes(routes);
  scimGroupRoutes(routes);
  oneRosterRoutes(routes);
}
