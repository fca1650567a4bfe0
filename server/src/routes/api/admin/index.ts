import type { Routes } from '../../define.ts';
import { adminAdminRoutes } from './admins.ts';
import { adminCertificateRoutes } from './certificates.ts';
import { adminEnrollmentRoutes } from './enrollments.ts';
import { adminExportRoutes } from './export.ts';
import { adminInboxRoutes } from './inbox.ts';
import { adminOrderDiscountRoutes } from './orderDiscounts.ts';
import { adminStudentRoutes } from './students.ts';

/** Everything under /api/admin: each route is declared with access 'admin' (checked in define.ts). */
export function adminRoutes(routes: Routes): void {
  adminStudentRoutes(routes);
  adminEnrollmentRoutes(routes);
  adminExportRoutes(routes);
  adminInboxRoutes(routes);
  adminCertificateRoutes(routes);
  adminAdminRoutes(routes);
  adminOrderDiscountRoutes(routes);
}
