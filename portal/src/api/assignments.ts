import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AssignmentAdminDto,
  AssignmentDto,
  AssignmentInput,
  ReviewCountsDto,
  ReviewInput,
  ReviewQueueItemDto,
  ReviewQueueStatus,
  SubmissionDto,
  SubmissionReviewDto,
  SubmitResultDto,
} from './assignmentTypes.ts';
import { api } from './client.ts';
import { CHANGES, invalidatePaths } from './invalidate.ts';

export const assignmentKey = (assignmentId: number | string) => [`/api/assignments/${assignmentId}`] as const;
const courseAssignmentsPath = (courseId: number | string) => `/api/courses/${courseId}/assignments`;

/** A file's bytes, through the authorized route (inline for players and viewers, or as a download). */
export const submissionFileUrl = (fileId: number, download = false) => `/api/submission-files/${fileId}${download ? '?download=1' : ''}`;

/** The learner's page of an assignment: instructions, limits, the open draft and every round sent. */
export const useAssignment = (assignmentId: number | string, enabled = true) => useQuery<AssignmentDto>({ queryKey: assignmentKey(assignmentId), enabled });

/**
 * The learner's writes on one assignment. Each answer is a submission; the page's copy is
 * updated from it, and whatever moves with it (the course's steps, the dashboard, a certificate
 * a submission issued) is read again.
 */
export function useAssignmentActions(assignment: { id: number; courseId: number }) {
  const queryClient = useQueryClient();
  const refresh = () => invalidatePaths(queryClient, CHANGES.assignmentSubmission(assignment.id, assignment.courseId));
  const saveDraft = useMutation({
    mutationFn: (fields: { note?: string; link?: string | null }) => api.patch<SubmissionDto>(`/api/assignments/${assignment.id}/draft`, fields),
    onSuccess: (draft) => {
      queryClient.setQueryData<AssignmentDto>(assignmentKey(assignment.id), (current) => (current ? { ...current, draft } : current));
    },
  });
  const removeFile = useMutation({
    mutationFn: (fileId: number) => api.delete(`/api/assignments/${assignment.id}/draft/files/${fileId}`),
    onSuccess: (_answer, fileId) => {
      queryClient.setQueryData<AssignmentDto>(assignmentKey(assignment.id), (current) =>
        current?.draft ? { ...current, draft: { ...current.draft, files: current.draft.files.filter((file) => file.id !== fileId) } } : current,
      );
    },
  });
  const submit = useMutation({
    mutationFn: () => api.post<SubmitResultDto>(`/api/assignments/${assignment.id}/submit`),
    onSuccess: refresh,
  });
  const withdraw = useMutation({
    mutationFn: () => api.post<SubmissionDto>(`/api/assignments/${assignment.id}/withdraw`),
    onSuccess: refresh,
  });
  return { saveDraft, removeFile, submit, withdraw, refresh };
}

/** A course's assignments in step order (the admin's list). */
export const useCourseAssignments = (courseId: number) => useQuery<AssignmentAdminDto[]>({ queryKey: [courseAssignmentsPath(courseId)] });

/** The admin's writes on a course's assignments; each refreshes the course's steps everywhere. */
export function useAssignmentAdmin(courseId: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => invalidatePaths(queryClient, CHANGES.assignments(courseId));
  const create = useMutation({
    mutationFn: (input: AssignmentInput) => api.post<AssignmentAdminDto>(courseAssignmentsPath(courseId), input),
    onSuccess,
  });
  const update = useMutation({
    mutationFn: ({ id, input }: { id: number; input: Partial<AssignmentInput> }) =>
      api.patch<AssignmentAdminDto>(`${courseAssignmentsPath(courseId)}/${id}`, input),
    onSuccess,
  });
  const remove = useMutation({ mutationFn: (id: number) => api.delete(`${courseAssignmentsPath(courseId)}/${id}`), onSuccess });
  return { create, update, remove };
}

export interface ReviewFilters {
  status: ReviewQueueStatus;
  courseId: number | null;
  schoolId: number | null;
  /** From 0. */
  page: number;
}

export const REVIEWS_PAGE_SIZE = 20;

function reviewQuery(filters: Partial<ReviewFilters>): string {
  const query = new URLSearchParams();
  if (filters.status) query.set('status', filters.status);
  if (filters.courseId) query.set('courseId', String(filters.courseId));
  if (filters.schoolId) query.set('schoolId', String(filters.schoolId));
  if (filters.page !== undefined) {
    query.set('limit', String(REVIEWS_PAGE_SIZE));
    query.set('offset', String(filters.page * REVIEWS_PAGE_SIZE));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** The review queue, oldest submission first, one page at a time. */
export const useReviewQueue = (filters: ReviewFilters) => {
  const path = `/api/admin/reviews${reviewQuery(filters)}`;
  return useQuery({ queryKey: [path], queryFn: ({ signal }) => api.getPage<ReviewQueueItemDto>(path, { signal }) });
};

/** How many submissions wait, were sent back and were approved (under the same course and school filters). */
export const useReviewCounts = (filters: { courseId: number | null; schoolId: number | null } = { courseId: null, schoolId: null }) =>
  useQuery<ReviewCountsDto>({ queryKey: [`/api/admin/reviews/counts${reviewQuery(filters)}`] });

/** One submission as the reviewer reads it, with its files, the learner and the earlier rounds. */
export const useSubmissionReview = (submissionId: number | string, enabled = true) =>
  useQuery<SubmissionReviewDto>({ queryKey: [`/api/admin/reviews/${submissionId}`], enabled });

/** Approve or ask for changes; the queue, the counts and the learner's course read again. */
export function useReviewDecision(submissionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewInput) => api.post<SubmissionDto>(`/api/admin/reviews/${submissionId}`, input),
    onSuccess: () => invalidatePaths(queryClient, CHANGES.review),
  });
}
