import { Routes } from './define.ts';
import { authRoutes } from './api/auth/index.ts';
import { healthRoutes } from './api/health/index.ts';
import { userRoutes } from './api/users/index.ts';
import { accountRoutes } from './api/account/index.ts';
import { paymentRoutes } from './api/payments/index.ts';
import { orderRoutes } from './api/orders/index.ts';
import { adminRoutes } from './api/admin/index.ts';
import { commentRoutes } from './api/comments/index.ts';
import { contactRoutes } from './api/contact/index.ts';
import { certificateRoutes } from './api/certificates/index.ts';
import { courseRoutes } from './api/courses/index.ts';
import { dashboardRoutes } from './api/dashboard/index.ts';
import { demoRoutes } from './api/demo/index.ts';
import { enrollmentRoutes } from './api/enrollments/index.ts';
import { moduleRoutes } from './api/modules/index.ts';
import { progressRoutes } from './api/progress/index.ts';
import { schoolRoutes } from './api/schools/index.ts';
import { providerSignInRoutes } from './api/auth/providers.ts';
import { schoolRosterRoutes } from './api/schools/roster.ts';

/** Mounts every resource's routes; the resulting table lists who may call what. */
export function buildRoutes(): Routes {
  const routes = new Routes();
  healthRoutes(routes);
  authRoutes(routes);
  userRoutes(routes);
  accountRoutes(routes);
  paymentRoutes(routes);
  orderRoutes(routes);
  commentRoutes(routes);
  contactRoutes(routes);
  adminRoutes(routes);
  courseRoutes(routes);
  moduleRoutes(routes);
  dashboardRoutes(routes);
  enrollmentRoutes(routes);
  progressRoutes(routes);
  certificateRoutes(routes);
  schoolRoutes(routes);
  demoRoutes(routes);
  providerSignInRoutes(routes);
  schoolRosterRoutes(routes);
  return routes;
}
