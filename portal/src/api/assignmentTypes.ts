import { SUBMISSION_FILE_LIMITS, type CourseStepDto } from '@atrium/common';

export type {
  AssignmentAcceptKind,
  AssignmentAdminDto,
  AssignmentDto,
  AssignmentInput,
  AssignmentStatusDto,
  ReviewCountsDto,
  ReviewInput,
  ReviewQueueItemDto,
  ReviewQueueStatus,
  SubmissionDto,
  SubmissionFileDto,
  SubmissionFileKind,
  SubmitResultDto,
  SubmissionReviewDto,
} from '@atrium/common';

/** The assignment course step. */
export type AssignmentStepDto = Extract<CourseStepDto, { kind: 'assignment' }>;

/** Per-file limits (bytes), if an answer comes without its own: the server's constants. */
export const DEFAULT_LIMITS = SUBMISSION_FILE_LIMITS;
