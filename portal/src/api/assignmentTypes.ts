/**
 * The assignment wire shapes as /work ASSIGN-CONTRACT.md names them, until the server's
 * common/src/api/assignments.ts lands (then this file re-exports it).
 */
export type SubmissionKind = 'image' | 'audio' | 'video' | 'pdf';
export type AcceptKind = SubmissionKind | 'link';
export type SubmissionStatus = 'draft' | 'submitted' | 'approved' | 'changes_requested';

export interface SubmissionFileDto {
  id: number;
  originalName: string;
  kind: SubmissionKind;
  contentType: string;
  size: number;
  feedback: string | null;
  createdAt: string;
}

export interface SubmissionDto {
  id: number;
  assignmentId: number;
  courseId: number;
  userId: number;
  round: number;
  status: SubmissionStatus;
  note: string;
  link: string | null;
  createdAt: string;
  submittedAt: string | null;
  withdrawnAt: string | null;
  reviewedAt: string | null;
  feedback: string | null;
  files: SubmissionFileDto[];
}

export interface AssignmentDto {
  id: number;
  courseId: number;
  title: string;
  instructions: string;
  accepts: AcceptKind[];
  maxFiles: number;
  approvalRequired: boolean;
  limits: Record<SubmissionKind, number>;
  draft: SubmissionDto | null;
  rounds: SubmissionDto[];
  completed: boolean;
  managersCanSee: boolean;
}

export interface AssignmentInput {
  title: string;
  instructions: string;
  afterModuleId: number | null;
  accepts: AcceptKind[];
  maxFiles: number;
  approvalRequired: boolean;
}

export interface AssignmentAdminDto extends AssignmentInput {
  id: number;
  courseId: number;
  createdAt: string;
  updatedAt: string;
}

export interface SubmitResultDto {
  submission: SubmissionDto;
  courseCompleted: boolean;
  certificateNumber: string | null;
}

export type ReviewQueueStatus = 'awaiting' | 'changes_requested' | 'approved';

export interface ReviewQueueItemDto {
  submissionId: number;
  round: number;
  status: SubmissionStatus;
  submittedAt: string | null;
  reviewedAt: string | null;
  fileCount: number;
  learner: { id: number; name: string; email: string; school: { id: number; name: string } | null };
  course: { id: number; title: string };
  assignment: { id: number; title: string };
}

export interface ReviewCountsDto {
  awaiting: number;
  changesRequested: number;
  approved: number;
}

export interface SubmissionReviewDto {
  submission: SubmissionDto;
  learner: { id: number; name: string; email: string; school: { id: number; name: string } | null };
  course: { id: number; title: string };
  assignment: { id: number; title: string; instructions: string; approvalRequired: boolean };
  earlierRounds: SubmissionDto[];
}

export interface ReviewDecisionInput {
  decision: 'approve' | 'changes';
  feedback: string;
  files?: { fileId: number; feedback: string }[];
}

export type AssignmentStepStatus = 'not_started' | 'draft' | 'submitted' | 'approved' | 'changes_requested';

export interface AssignmentStepDto {
  kind: 'assignment';
  id: number;
  title: string;
  isCompleted: boolean;
  status: AssignmentStepStatus;
  approvalRequired: boolean;
}

/** Per-file limits (bytes) when the assignment's answer has none: the contract's numbers. */
export const DEFAULT_LIMITS: Record<SubmissionKind, number> = {
  image: 25 * 1024 * 1024,
  audio: 200 * 1024 * 1024,
  video: 1024 * 1024 * 1024,
  pdf: 25 * 1024 * 1024,
};
