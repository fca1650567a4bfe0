import { Routes } from './define.ts';
import { authRoutes } from './api/auth/index.ts';
import { healthRoutes } from './api/health/index.ts';
import { userRoutes } from './api/users/index.ts';

/** Mounts every resource's routes; the resulting table lists who may call what. */
export function buildRoutes(): Routes {
  const routes = new Routes();
  healthRoutes(routes);
  authRoutes(routes);
  userRoutes(routes);
  return routes;
}
