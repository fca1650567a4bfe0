import type { Routes } from '../../define.ts';
import { adminAccessibilityRoutes } from './accessibility.ts';
import { adminAdminRoutes } from './admins.ts';
import { adminCertificateRoutes } from './certificates.ts';
import { adminEnrollmentRoutes } from './enrollments.ts';
import { adminExportRoutes } from './export.ts';
import { adminInboxRoutes } from './inbox.ts';
import { adminInsightsRoutes } from './insights.ts';
import { adminInvoiceRoutes } from './invoices.ts';
import { adminOrderDiscountRoutes } from './orderDiscounts.ts';
import { adminOrderRoutes } from './orders.ts';
import { adminPaymentRoutes } from './payments.ts';
import { adminReviewRoutes } from './reviews.ts';
import { adminSalesRoutes } from './sales.ts';
import { adminSchedulerRoutes } from './scheduler.ts';
import { adminSchoolDeadlineRoutes } from './schoolDeadlines.ts';
import { adminSchoolDomainRoutes } from './schoolDomains.ts';
import { adminSchoolInvitationRoutes } from './schoolInvitations.ts';
import { adminSchoolRosterRoutes } from './schoolRoster.ts';
import { adminSchoolRoutes } from './schools.ts';
import { adminStudentRoutes } from './students.ts';
import { adminTrustRoutes } from './trusts.ts';
import { adminTrustDeadlineRoutes } from './trustDeadlines.ts';

/** Everything under /api/admin: each route is declared with access 'admin' (checked in define.ts). */
export function adminRoutes(routes: Routes): void {
  adminStudentRoutes(routes);
  adminEnrollmentRoutes(routes);
  adminExportRoutes(routes);
  adminInboxRoutes(routes);
  adminReviewRoutes(routes);
  adminCertificateRoutes(routes);
  adminAdminRoutes(routes);
  adminSchoolRoutes(routes);
  adminSchoolDomainRoutes(routes);
  adminSchoolInvitationRoutes(routes);
  adminSchoolRosterRoutes(routes);
  adminSchoolDeadlineRoutes(routes);
  adminSchedulerRoutes(routes);
  adminOrderRoutes(routes);
  adminOrderDiscountRoutes(routes);
  adminInvoiceRoutes(routes);
  adminPaymentRoutes(routes);
  adminSalesRoutes(routes);
  adminInsightsRoutes(routes);
  adminTrustRoutes(routes);
  adminTrustDeadlineRoutes(routes);
  adminAccessibilityRoutes(routes);
}
