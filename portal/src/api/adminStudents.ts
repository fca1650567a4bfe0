import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pageSearch } from '@atrium/common/rules/pageSearch';
import type { AdminCertificateDto, AdminEnrollResultDto, CourseWatchingDto, EnrollmentDto, MessageDto, StudentDetailDto, StudentDto } from '@atrium/common';
import { api, type Page } from './client.ts';
import { CHANGES, invalidatePaths } from './invalidate.ts';

export const STUDENTS_PAGE_SIZE = 50;
const STUDENTS_ROOT = '/api/admin/students';

const studentsPath = (q: string, limit: number, offset: number) => `${STUDENTS_ROOT}?${pageSearch({ q, limit, offset })}`;

export const studentKey = (id: number | string) => [`${STUDENTS_ROOT}/${id}`] as const;
export const studentEnrollmentsKey = (id: number | string) => [`${STUDENTS_ROOT}/${id}/enrollments`] as const;
export const studentCertificatesKey = (id: number | string) => [`/api/admin/certificates?userId=${id}`] as const;

/**
 * The students panel: a page of STUDENTS_PAGE_SIZE at a time from the server's search, never
 * the whole table. The next offset is the number of rows already loaded.
 */
export function useStudentSearch(q: string) {
  return useInfiniteQuery({
    queryKey: [STUDENTS_ROOT, 'search', q],
    queryFn: ({ pageParam, signal }) => api.getPage<StudentDto>(studentsPath(q, STUDENTS_PAGE_SIZE, pageParam), { signal }),
    initialPageParam: 0,
    getNextPageParam: (last: Page<StudentDto>, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      if (last.items.length < STUDENTS_PAGE_SIZE) return undefined;
      return last.total !== null && loaded >= last.total ? undefined : loaded;
    },
  });
}

/** A few matches for a picker (Quick Enroll). */
export function useStudentMatches(q: string, limit = 8) {
  return useQuery({
    queryKey: [STUDENTS_ROOT, 'pick', q, limit],
    queryFn: ({ signal }) => api.getPage<StudentDto>(studentsPath(q, limit, 0), { signal }),
  });
}

export const useStudent = (id: number | string) => useQuery<StudentDetailDto>({ queryKey: studentKey(id) });

export const useStudentEnrollments = (id: number | string | null) =>
  useQuery<EnrollmentDto[]>({ queryKey: studentEnrollmentsKey(id ?? 0), enabled: id !== null });

export const studentWatchingKey = (id: number | string) => [`${STUDENTS_ROOT}/${id}/watching`] as const;

/** What the student played of each enrolled course and module (issue 36). */
export const useStudentWatching = (id: number | string) => useQuery<CourseWatchingDto[]>({ queryKey: studentWatchingKey(id) });

export const useStudentCertificates = (id: number | string) => useQuery<AdminCertificateDto[]>({ queryKey: studentCertificatesKey(id) });

export interface EnrollmentChange {
  studentId: number;
  studentEmail: string;
  courseId: number;
}

export function useAdminEnroll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ studentEmail, courseId }: EnrollmentChange) => api.post<AdminEnrollResultDto>('/api/admin/enroll', { studentEmail, courseId }),
    onSuccess: () => invalidatePaths(queryClient, CHANGES.enrollment),
  });
}

export function useAdminUnenroll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ studentEmail, courseId }: EnrollmentChange) => api.delete<MessageDto>('/api/admin/enroll', { studentEmail, courseId }),
    onSuccess: () => invalidatePaths(queryClient, CHANGES.enrollment),
  });
}

/** Revoke or restore: a revoked number answers 404 on the public certificate page. */
export function useSetCertificateRevoked(studentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ certificateNumber, revoked }: { certificateNumber: string; revoked: boolean }) =>
      api.post<AdminCertificateDto>(`/api/admin/certificates/${encodeURIComponent(certificateNumber)}/${revoked ? 'revoke' : 'restore'}`),
    onSuccess: () => invalidatePaths(queryClient, CHANGES.certificate(studentId)),
  });
}

/** GET /api/admin/export-excel as a file the browser saves. */
export function useExportStudents() {
  return useMutation({
    mutationFn: () => api.download('/api/admin/export-excel'),
  });
}
