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
  courseId: number;
  courseName: string;
  completionPercentage: number;
  completedAt: string;
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
