export interface CommentDto {
  id: number;
  moduleId: number;
  userId: number;
  comment: string;
  createdAt: string;
  userFirstName: string | null;
  userLastName: string | null;
  userProfileImageUrl: string | null;
  /** Admins only. */
  userEmail?: string;
}

export interface CertificateListItemDto {
  id: number;
  /** Null once the course has been deleted: the certificate itself stays valid. */
  courseId: number | null;
  courseName: string;
  completionPercentage: number;
  completedAt: string;
  certificateNumber: string;
}

/** GET /api/demo, outside production only: the demo learner's certificate for the example pages. */
export interface DemoDto {
  certificateNumber: string;
}

export interface CertificatePublicDto {
  studentName: string;
  courseName: string;
  completionPercentage: number;
  completedAt: string;
  issuedAt: string;
  certificateNumber: string;
}

/** A certificate as an admin sees it (GET /api/admin/certificates, revoke, restore). */
export interface AdminCertificateDto {
  id: number;
  userId: number | null;
  courseId: number | null;
  certificateNumber: string;
  studentName: string;
  courseName: string;
  completionPercentage: number;
  completedAt: string;
  issuedAt: string;
  revokedAt: string | null;
}

export interface ContactMessageDto {
  id: number;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  message: string;
  source: 'landing' | 'widget';
  createdAt: string;
  handledAt: string | null;
}

export interface MessageDto {
  message: string;
}

export interface ApiErrorDto {
  message: string;
  errors?: Record<string, string>;
}

/** GET /api/config */
export interface PublicConfigDto {
  brandName: string;
  directorName: string;
  supportEmail: string;
  stripePublishableKey: string | null;
  publicUrl: string;
}
