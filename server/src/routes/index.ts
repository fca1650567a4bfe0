import { Routes } from './define.ts';
import { authRoutes } from './api/auth/index.ts';
import { configRoutes } from './api/config/index.ts';
import { healthRoutes } from './api/health/index.ts';
import { userRoutes } from './api/user/index.ts';
import { avatarRoutes } from './api/avatars/index.ts';
import { paymentRoutes } from './api/payments/index.ts';
import { orderRoutes } from './api/orders/index.ts';
import { adminRoutes } from './api/admin/index.ts';
import { contactRoutes } from './api/contact/index.ts';
import { certificateRoutes } from './api/certificates/index.ts';
import { courseRoutes } from './api/courses/index.ts';
import { dashboardRoutes } from './api/dashboard/index.ts';
import { demoRoutes } from './api/demo/index.ts';
import { enrollmentRoutes } from './api/enrollments/index.ts';
import { moduleRoutes } from './api/modules/index.ts';
import { progressRoutes } from './api/progress/index.ts';
import { schoolRoutes } from './api/schools/index.ts';
import { credentialRoutes } from './api/credentials/index.ts';
import { currencyRoutes } from './api/currency/index.ts';
import { unsubscribeRoutes } from './api/unsubscribe/index.ts';
import { trustRoutes } from './api/trusts/index.ts';

/** Mounts every resource's routes; the resulting table lists who may call what. */
export function buildRoutes(): Routes {
  const routes = new Routes();
  healthRoutes(routes);
  configRoutes(routes);
  authRoutes(routes);
  userRoutes(routes);
  avatarRoutes(routes);
  paymentRoutes(routes);
  orderRoutes(routes);
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
  credentialRoutes(routes);
  currencyRoutes(routes);
  unsubscribeRoutes(routes);
  trustRoutes(routes);
  return routes;
}
