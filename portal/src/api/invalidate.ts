import type { QueryClient } from '@tanstack/react-query';

/**
 * Every query's key starts with the API path it reads (client.ts, defaultQueryFn), so what a
 * mutation changed is named by path: `/api/admin/schools/4` covers the school itself and every
 * read beneath it (`…/4/deadlines`, `…/4/training-status`, …) whatever else its key holds, and
 * `/api/admin/students` the list, each student's page and their enrollments. A path stops at a
 * segment boundary, so `/api/admin/schools/4` does not reach school 42.
 */
export function coversPath(key: readonly unknown[], path: string): boolean {
  const [first] = key;
  if (typeof first !== 'string') return false;
  return first === path || first.startsWith(`${path}/`) || first.startsWith(`${path}?`);
}

/**
 * Marks every query under any of `paths` stale; those on screen are read again at once. A mutation
 * whose onSuccess returns this settles only once they are back, so a caller that the fresh data
 * can unmount (a row that goes, a form keyed by what it saved, a page the change closes) takes its
 * result from `mutateAsync`'s promise: TanStack Query drops a `mutate` call's callbacks once their
 * component has unmounted.
 */
export function invalidatePaths(queryClient: QueryClient, paths: readonly string[]): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => paths.some((path) => coversPath(query.queryKey, path)) });
}

/**
 * Marks stale every query whose path `matches`: for a change that moves reads no path prefix names
 * alone (every module's discussion, every trust read but one invitation's preview). Settles as
 * invalidatePaths does.
 */
export function invalidateMatching(queryClient: QueryClient, matches: (path: string) => boolean): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => typeof query.queryKey[0] === 'string' && matches(query.queryKey[0]) });
}

/**
 * What each kind of admin change moves, in one place so a new mutation names the kind instead of
 * guessing keys. The overview's counts move with nearly everything an admin does.
 */
export const CHANGES = {
  /** A licence granted, revoked or restored: the school's page, deadlines, statuses, members' enrollments. */
  licence: (schoolId: number) => [
    `/api/admin/schools/${schoolId}`,
    '/api/admin/schools',
    '/api/admin/students',
    '/api/admin/enrollments',
    '/api/admin/overview',
  ],
  /** An invoice order paid: it enrolls the buyer or licenses their school, and money came in. */
  orderPaid: [
    '/api/admin/orders',
    '/api/admin/sales',
    '/api/admin/payments',
    '/api/admin/overview',
    '/api/admin/students',
    '/api/admin/enrollments',
    '/api/admin/schools',
  ],
  /** An invoice issued: the order carries it, and the totals count what is invoiced. */
  invoiceIssued: ['/api/admin/orders', '/api/admin/sales'],
  /** A discount agreed or removed before issuing: only the order shows it (totals count issued invoices). */
  orderDiscount: ['/api/admin/orders'],
  /** An admin enrolls or unenrolls someone: their page, the lists, the counts, school statuses. */
  enrollment: ['/api/admin/students', '/api/admin/enrollments', '/api/admin/overview', '/api/admin/schools', '/api/courses'],
  /** A certificate revoked or restored: the student's certificates and page, the counts. */
  certificate: (studentId: number) => ['/api/admin/certificates', `/api/admin/students/${studentId}`, '/api/admin/overview'],
  /** A contact message marked handled or not: the inbox and the unanswered count. */
  message: ['/api/admin/contact-messages', '/api/admin/overview'],
  /**
   * A course or module saved, deleted or reordered: the catalogue everywhere it is shown
   * (course titles also appear in schools' licences and deadlines, and in students' enrollments).
   */
  catalogue: [
    '/api/courses',
    '/api/dashboard',
    '/api/admin/overview',
    '/api/admin/schools',
    '/api/admin/students',
    '/api/admin/enrollments',
    '/api/accessibility',
  ],
  /** A resource attached, edited, replaced, reordered or removed: the course's list and its modules' lists. */
  resources: (courseId: number) => [`/api/courses/${courseId}/resources`, '/api/modules'],
  /**
   * A quiz added, edited or deleted, or the course's pass mark changed: the course's steps (its
   * page, the quiz list, every quiz under it), progress everywhere it is counted, the learners'
   * quiz pages and the admin's reports of scores.
   */
  quizzes: (courseId: number) => [
    `/api/courses/${courseId}`,
    '/api/courses',
    '/api/quizzes',
    '/api/dashboard',
    '/api/admin/overview',
    '/api/admin/students',
    '/api/admin/enrollments',
  ],
  /** An attempt submitted: the quiz and its attempts, the course's steps and progress, the dashboard, a certificate it issued. */
  quizAttempt: (quizId: number, courseId: number) => [`/api/quizzes/${quizId}`, `/api/courses/${courseId}`, '/api/dashboard', '/api/certificates'],
  /** An assignment added, edited or deleted: the course's steps and progress everywhere they are counted (as quizzes). */
  assignments: (courseId: number) => [
    `/api/courses/${courseId}`,
    '/api/courses',
    '/api/assignments',
    '/api/dashboard',
    '/api/admin/overview',
    '/api/admin/students',
    '/api/admin/enrollments',
  ],
  /** A learner submitted or withdrew: the assignment, the course's steps and progress, the dashboard, a certificate it issued. */
  assignmentSubmission: (assignmentId: number, courseId: number) => [
    `/api/assignments/${assignmentId}`,
    `/api/courses/${courseId}`,
    '/api/dashboard',
    '/api/certificates',
  ],
  /** A review decided: the queue, its counts, the submission and the reports that show its status. */
  review: ['/api/admin/reviews', '/api/admin/students', '/api/admin/schools', '/api/admin/overview'],
  /** Staff added to a school by an admin: its page, members' statuses, the student lists, the counts. */
  adminRoster: (schoolId: number) => [`/api/admin/schools/${schoolId}`, '/api/admin/schools', '/api/admin/students', '/api/admin/overview'],
  /**
   * Anything a school's manager changes (members, invitations, domains, roster, deadlines):
   * everything read beneath the school, and the manager's own view of it.
   */
  school: (schoolId: number) => [`/api/schools/${schoolId}`, '/api/schools/mine'],
  /** A school attached to or detached from a trust, a manager invited or removed: the trust, the list, the schools' pages. */
  adminTrust: (trustId: number) => [`/api/admin/trusts/${trustId}`, '/api/admin/trusts', '/api/admin/schools'],
  /** Anything a trust's manager changes: everything read beneath the trust. */
  trust: (trustId: number) => [`/api/trusts/${trustId}`],
  /** A caption track uploaded, replaced or removed: the module's tracks and their cues, the course's list, the statement. */
  captions: (moduleId: number, courseId: number) => [`/api/modules/${moduleId}/captions`, `/api/courses/${courseId}/captions`, '/api/accessibility'],
} as const;
