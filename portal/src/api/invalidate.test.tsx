import { QueryClientProvider, type QueryClient, type QueryKey, type UseMutationResult } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../test/api.ts';
import { ADMIN_OVERVIEW_KEY } from './admin.ts';
import * as adminCatalogue from './adminCatalogue.ts';
import * as adminInbox from './adminInbox.ts';
import * as adminSales from './adminSales.ts';
import * as adminSchools from './adminSchools.ts';
import * as adminStudents from './adminStudents.ts';
import * as captions from './captions.ts';
import { createQueryClient } from './client.ts';
import { COURSES_KEY, courseKey, DASHBOARD_KEY } from './courses.ts';
import * as deadlines from './deadlines.ts';
import * as insights from './insights.ts';
import { coversPath } from './invalidate.ts';
import { ORDERS_KEY, useCreateOrder } from './payments.ts';
import { useUpdateProfile } from './profile.ts';
import { progressKey, useProgressSaved } from './progress.ts';
import { quizKey, useRereadQuiz } from './quizzes.ts';
import * as roster from './roster.ts';
import * as schools from './schools.ts';
import { USER_KEY } from './session.ts';

// Issue 34 #7: every admin and school-manager mutation refreshes what it changed. Each row names
// a mutation, the call it makes, and the reads on screen that show what the call changes (keys
// built by the same functions the screens use); after the call, each of those must be stale.

const { adminSchoolKey } = adminSchools;
const { studentKey, studentEnrollmentsKey, studentCertificatesKey } = adminStudents;
const { deadlinesKey, MY_TRAINING_KEY } = deadlines;
const { membersKey, invitesKey, invitedKey, MY_SCHOOL_KEY } = schools;

const ADMIN_ROOT = '/api/admin/schools/4';
const MANAGER_ROOT = '/api/schools/4';
const statusKey = (root: string) => [`${root}/training-status`, { status: null, courseId: null, page: 0 }];
const ordersKey = ['/api/admin/orders', 'pages'];
const paymentsKey = ['/api/admin/payments', 'pages'];
const messagesKey = ['/api/admin/contact-messages', 'pages'];
const schoolsListKey = ['/api/admin/schools', 'search', ''];
const studentsListKey = ['/api/admin/students', 'search', ''];

/** A school's page as its admin sees it, and as its manager does. */
const adminSchoolPage = [adminSchoolKey(4), deadlinesKey(ADMIN_ROOT), statusKey(ADMIN_ROOT)];
const managerSchoolPage = [MY_SCHOOL_KEY, membersKey(4), invitesKey(4), deadlinesKey(MANAGER_ROOT), statusKey(MANAGER_ROOT)];
const catalogueViews = [COURSES_KEY, courseKey(1), DASHBOARD_KEY, ADMIN_OVERVIEW_KEY, deadlinesKey(ADMIN_ROOT), studentEnrollmentsKey(7)];

type AnyMutation = UseMutationResult<unknown, Error, never>;
interface Row {
  hook: () => unknown;
  variables: unknown;
  call: string;
  refreshes: QueryKey[];
}

const change = { studentId: 7, studentEmail: 'tom@stmarys.sch.uk', courseId: 1 };
const courseFields = { title: 'T', description: 'D', price: 0, thumbnail: null, salesVideoId: null };
const moduleFields = { title: 'M', description: '', vimeoVideoId: '1', duration: 60 };

const ROWS: Record<string, Row> = {
  // adminInbox.ts / adminSales.ts
  useMarkOrderPaid: {
    hook: adminInbox.useMarkOrderPaid,
    variables: 5,
    call: 'POST /api/admin/orders/5/paid',
    refreshes: [adminSales.SALES_KEY, ordersKey, paymentsKey, ADMIN_OVERVIEW_KEY, studentsListKey, studentKey(9), studentEnrollmentsKey(9), ...adminSchoolPage],
  },
  useSetMessageHandled: {
    hook: adminInbox.useSetMessageHandled,
    variables: { id: 3, handled: true },
    call: 'PATCH /api/admin/contact-messages/3',
    refreshes: [messagesKey, ADMIN_OVERVIEW_KEY],
  },
  useIssueInvoice: {
    hook: adminSales.useIssueInvoice,
    variables: { id: 5, details: {} },
    call: 'POST /api/admin/orders/5/invoice',
    refreshes: [ordersKey, adminSales.SALES_KEY],
  },
  useSetOrderDiscount: {
    hook: adminSales.useSetOrderDiscount,
    variables: { id: 5, discount: { kind: 'percent', value: 10, reason: 'A trust of five schools' } },
    call: 'PUT /api/admin/orders/5/discount',
    refreshes: [ordersKey],
  },
  useRemoveOrderDiscount: {
    hook: adminSales.useRemoveOrderDiscount,
    variables: 5,
    call: 'DELETE /api/admin/orders/5/discount',
    refreshes: [ordersKey],
  },
  // adminSchools.ts
  useChangeLicence: {
    hook: () => adminSchools.useChangeLicence(4),
    variables: { kind: 'grant', courseId: 1 },
    call: 'POST /api/admin/schools/4/licences',
    refreshes: [deadlinesKey(ADMIN_ROOT), statusKey(ADMIN_ROOT), schoolsListKey, studentsListKey, studentKey(7), studentEnrollmentsKey(7), ADMIN_OVERVIEW_KEY],
  },
  // adminStudents.ts
  useAdminEnroll: {
    hook: adminStudents.useAdminEnroll,
    variables: change,
    call: 'POST /api/admin/enroll',
    refreshes: [studentKey(7), studentEnrollmentsKey(7), studentsListKey, ['/api/admin/enrollments'], ADMIN_OVERVIEW_KEY, COURSES_KEY, statusKey(ADMIN_ROOT)],
  },
  useAdminUnenroll: {
    hook: adminStudents.useAdminUnenroll,
    variables: change,
    call: 'DELETE /api/admin/enroll',
    refreshes: [studentKey(7), studentEnrollmentsKey(7), studentsListKey, ['/api/admin/enrollments'], ADMIN_OVERVIEW_KEY, COURSES_KEY, statusKey(ADMIN_ROOT)],
  },
  useSetCertificateRevoked: {
    hook: () => adminStudents.useSetCertificateRevoked(7),
    variables: { certificateNumber: 'ATR-1', revoked: true },
    call: 'POST /api/admin/certificates/ATR-1/revoke',
    refreshes: [studentCertificatesKey(7), studentKey(7), ADMIN_OVERVIEW_KEY],
  },
  // adminCatalogue.ts
  useSaveCourse: { hook: adminCatalogue.useSaveCourse, variables: { id: 1, fields: courseFields }, call: 'PUT /api/courses/1', refreshes: catalogueViews },
  useDeleteCourse: {
    hook: adminCatalogue.useDeleteCourse,
    variables: 1,
    call: 'DELETE /api/courses/1',
    refreshes: catalogueViews.filter((key) => key !== catalogueViews[1]),
  },
  useSaveModule: {
    hook: () => adminCatalogue.useSaveModule(1),
    variables: { id: 11, fields: moduleFields },
    call: 'PUT /api/modules/11',
    refreshes: catalogueViews,
  },
  useDeleteModule: { hook: () => adminCatalogue.useDeleteModule(), variables: 11, call: 'DELETE /api/modules/11', refreshes: catalogueViews },
  useReorderModules: {
    hook: () => adminCatalogue.useReorderModules(1),
    variables: [12, 11],
    call: 'PUT /api/courses/1/modules/order',
    refreshes: catalogueViews,
  },
  // captions.ts
  useUploadCaptions: {
    hook: () => captions.useUploadCaptions(11, 1),
    variables: { lang: 'en', label: 'English', file: new File(['WEBVTT'], 'en.vtt') },
    call: 'PUT /api/modules/11/captions/en',
    refreshes: [captions.moduleCaptionsKey(11), ['/api/modules/11/captions/en.vtt', 'cues'], captions.courseCaptionsKey(1)],
  },
  useDeleteCaptions: {
    hook: () => captions.useDeleteCaptions(11, 1),
    variables: 'en',
    call: 'DELETE /api/modules/11/captions/en',
    refreshes: [captions.moduleCaptionsKey(11), ['/api/modules/11/captions/en.vtt', 'cues'], captions.courseCaptionsKey(1)],
  },
  // roster.ts
  useRosterConfirm: {
    hook: () => roster.useRosterConfirm('manager', 4),
    variables: 'a@b.example,A,B',
    call: 'POST /api/schools/4/roster',
    refreshes: managerSchoolPage,
  },
  'useRosterConfirm (admin)': {
    hook: () => roster.useRosterConfirm('admin', 4),
    variables: 'a@b.example,A,B',
    call: 'POST /api/admin/schools/4/roster',
    refreshes: [...adminSchoolPage, schoolsListKey, studentsListKey, ADMIN_OVERVIEW_KEY],
  },
  // deadlines.ts
  useSetDeadline: {
    hook: () => deadlines.useSetDeadline(MANAGER_ROOT),
    variables: { courseId: 1, input: { completeBy: '2027-01-01', newStaffDays: null } },
    call: 'PUT /api/schools/4/deadlines/1',
    refreshes: [statusKey(MANAGER_ROOT)],
  },
  useClearDeadline: {
    hook: () => deadlines.useClearDeadline(MANAGER_ROOT),
    variables: 1,
    call: 'DELETE /api/schools/4/deadlines/1',
    refreshes: [statusKey(MANAGER_ROOT)],
  },
  // schools.ts: the manager's own
  useCreateInvite: { hook: () => schools.useCreateInvite(4), variables: {}, call: 'POST /api/schools/4/invites', refreshes: managerSchoolPage },
  useRevokeInvite: { hook: () => schools.useRevokeInvite(4), variables: 2, call: 'DELETE /api/schools/4/invites/2', refreshes: managerSchoolPage },
  useEmailInvites: {
    hook: () => schools.useEmailInvites(4),
    variables: ['a@b.example'],
    call: 'POST /api/schools/4/invites/email',
    refreshes: managerSchoolPage,
  },
  useAddDomain: { hook: () => schools.useAddDomain(4), variables: 'b.example', call: 'POST /api/schools/4/domains', refreshes: managerSchoolPage },
  useRemoveDomain: {
    hook: () => schools.useRemoveDomain(4),
    variables: 'b.example',
    call: 'DELETE /api/schools/4/domains/b.example',
    refreshes: managerSchoolPage,
  },
  useSetGoogleWorkspace: {
    hook: () => schools.useSetGoogleWorkspace(4),
    variables: { domain: 'b.example', hd: 'b.example' },
    call: 'PUT /api/schools/4/domains/b.example/google-workspace',
    refreshes: managerSchoolPage,
  },
  useResendInvitation: {
    hook: () => schools.useResendInvitation(4),
    variables: 3,
    call: 'POST /api/schools/4/invites/3/resend',
    refreshes: [...managerSchoolPage, invitedKey(MANAGER_ROOT)],
  },
  useWithdrawInvitation: {
    hook: () => schools.useWithdrawInvitation(4),
    variables: 3,
    call: 'DELETE /api/schools/4/invites/3',
    refreshes: [...managerSchoolPage, invitedKey(MANAGER_ROOT)],
  },
  useCheckDomain: {
    hook: () => schools.useCheckDomain(4),
    variables: 'b.example',
    call: 'POST /api/schools/4/domains/b.example/verify',
    refreshes: managerSchoolPage,
  },
  useUpdateSchool: {
    hook: () => schools.useUpdateSchool(MANAGER_ROOT),
    variables: { name: 'St Mary’s', country: 'GB' },
    call: 'PATCH /api/schools/4',
    refreshes: [MY_SCHOOL_KEY],
  },
  'useUpdateSchool (admin)': {
    hook: () => schools.useUpdateSchool(ADMIN_ROOT),
    variables: { name: 'St Mary’s', country: 'GB' },
    call: 'PATCH /api/admin/schools/4',
    refreshes: [adminSchoolKey(4), schoolsListKey],
  },
  // adminSchools.ts and deadlines.ts: the admin's other changes
  useInvitationApproval: {
    hook: () => adminSchools.useInvitationApproval(4),
    variables: true,
    call: 'POST /api/admin/schools/4/invitations-approval',
    refreshes: [adminSchoolKey(4)],
  },
  useRunSchedulerJob: {
    hook: deadlines.useRunSchedulerJob,
    variables: 'reminders',
    call: 'POST /api/admin/scheduler/reminders/run',
    refreshes: [deadlines.SCHEDULER_KEY],
  },
  useUpdateAdminInsights: {
    hook: insights.useUpdateAdminInsights,
    variables: undefined,
    call: 'POST /api/admin/scheduler/insights-rollup/run',
    refreshes: [
      insights.adminWeeklyKey({ from: '', to: '', courseId: null, schoolId: null }),
      insights.adminCourseInsightsKey(1, { from: '', to: '', courseId: 1, schoolId: 4 }),
      insights.retentionKey(3),
      deadlines.SCHEDULER_KEY,
    ],
  },
  useRemoveMember: { hook: () => schools.useRemoveMember(4), variables: 8, call: 'DELETE /api/schools/4/members/8', refreshes: managerSchoolPage },
  usePromoteManager: { hook: () => schools.usePromoteManager(4), variables: 8, call: 'POST /api/schools/4/managers', refreshes: managerSchoolPage },
  useSetSubmissionSharing: {
    hook: () => schools.useSetSubmissionSharing(4),
    variables: true,
    call: 'PATCH /api/schools/4/submission-sharing',
    refreshes: managerSchoolPage,
  },
};

/** Mutations that change nothing another read shows (files, previews), or that are not an admin's or manager's. */
const NOTHING_TO_REFRESH = new Set(['useExportStudents', 'useDownloadRegister', 'useRosterPreview', 'useSendVerification']);
const NOT_ADMIN_OR_MANAGER = new Set(['useAcceptInvite', 'useCreateSchool', 'useVerifyEmail', 'useUnsubscribe']);

function wrapperFor(queryClient: QueryClient) {
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

describe('every admin and school-manager mutation refreshes what it changed', () => {
  it.each(Object.entries(ROWS))('%s', async (_name, row) => {
    const [method, path] = row.call.split(' ') as [string, string];
    const api = mockApi({ [row.call]: ok({ id: 1, courses: [], counts: {} }) });
    const queryClient = createQueryClient();
    // What the screens hold, and one read no admin action touches.
    const control = ['/api/certificates'];
    for (const key of [...row.refreshes, control]) queryClient.setQueryData(key, { cached: true, modules: [] });
    const { result } = renderHook(() => row.hook() as AnyMutation, { wrapper: wrapperFor(queryClient) });
    await result.current.mutateAsync(row.variables as never);
    expect(api.callsTo(method, decodeURIComponent(path))).toHaveLength(1);
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    const stale = (key: QueryKey) => queryClient.getQueryState(key)?.isInvalidated ?? true;
    expect(row.refreshes.filter((key) => !stale(key)).map((key) => JSON.stringify(key))).toEqual([]);
    expect(stale(control)).toBe(false);
  });

  it('lists every mutation of the admin and school API files (a new one must say what it refreshes)', () => {
    const modules = { adminCatalogue, adminInbox, adminSales, adminSchools, adminStudents, roster, deadlines, schools };
    const queryClient = createQueryClient();
    mockApi({});
    const unlisted: string[] = [];
    for (const [file, exports] of Object.entries(modules)) {
      for (const [name, value] of Object.entries(exports)) {
        if (!/^use[A-Z]/.test(name) || typeof value !== 'function') continue;
        if (ROWS[name] || NOTHING_TO_REFRESH.has(name) || NOT_ADMIN_OR_MANAGER.has(name)) continue;
        // Called with harmless arguments: a query hook answers a query, a mutation hook a mutation.
        const { result, unmount } = renderHook(() => (value as (...args: unknown[]) => unknown)(undefined, {}), { wrapper: wrapperFor(queryClient) });
        if (result.current && typeof result.current === 'object' && 'mutateAsync' in result.current) unlisted.push(`${file}.${name}`);
        unmount();
      }
    }
    expect(unlisted).toEqual([]);
  });
});

// The learner's changes whose refresh used to live in a scene (issue 52 item 5): the hook in api/
// now does it, for every caller.
describe('a learner change refreshes what it moved', () => {
  const stale = (queryClient: QueryClient, key: QueryKey) => queryClient.getQueryState(key)?.isInvalidated ?? true;
  const holding = (...keys: QueryKey[]) => {
    const queryClient = createQueryClient();
    for (const key of keys) queryClient.setQueryData(key, { cached: true });
    return queryClient;
  };

  it('a profile update reads the certificates again (they print the name)', async () => {
    mockApi({ 'PATCH /api/user/profile': ok({ id: 7, firstName: 'Priya' }) });
    const queryClient = holding(['/api/certificates'], COURSES_KEY);
    const { result } = renderHook(() => useUpdateProfile(), { wrapper: wrapperFor(queryClient) });
    await result.current.mutateAsync({ firstName: 'Priya', lastName: 'Shah' });
    expect(queryClient.getQueryData(USER_KEY)).toEqual({ id: 7, firstName: 'Priya' });
    expect(stale(queryClient, ['/api/certificates'])).toBe(true);
    expect(stale(queryClient, COURSES_KEY)).toBe(false);
  });

  it('an invoice request refused with 409 reads the orders and the course again', async () => {
    mockApi({ 'POST /api/orders': fail(409, 'You have already requested an invoice for this course.') });
    const queryClient = holding(ORDERS_KEY, courseKey(1), courseKey(2));
    const { result } = renderHook(() => useCreateOrder(), { wrapper: wrapperFor(queryClient) });
    await expect(result.current.mutateAsync({ courseId: 1 } as never)).rejects.toThrow();
    expect(stale(queryClient, ORDERS_KEY)).toBe(true);
    expect(stale(queryClient, courseKey(1))).toBe(true);
    expect(stale(queryClient, courseKey(2))).toBe(false);
  });

  it('a saved watching report goes into the cache; the first completion reads the course and the dashboard again', async () => {
    const queryClient = holding(courseKey(1), DASHBOARD_KEY);
    queryClient.setQueryData(progressKey(5), { moduleId: 5, isCompleted: false });
    const { result } = renderHook(() => useProgressSaved(5, 1), { wrapper: wrapperFor(queryClient) });
    const saved = { moduleId: 5, courseId: 1, isCompleted: false } as never;
    result.current(saved);
    expect(queryClient.getQueryData(progressKey(5))).toEqual(saved);
    expect(stale(queryClient, courseKey(1)) || stale(queryClient, DASHBOARD_KEY)).toBe(false);
    result.current({ moduleId: 5, courseId: 1, isCompleted: true } as never);
    expect(stale(queryClient, courseKey(1))).toBe(true);
    expect(stale(queryClient, DASHBOARD_KEY)).toBe(true);
  });

  it('reading a quiz again after its wait covers that quiz only', async () => {
    mockApi({});
    const queryClient = holding(quizKey(3), quizKey(30));
    const { result } = renderHook(() => useRereadQuiz(3), { wrapper: wrapperFor(queryClient) });
    await result.current();
    expect(stale(queryClient, quizKey(3))).toBe(true);
    expect(stale(queryClient, quizKey(30))).toBe(false);
  });
});

describe('coversPath', () => {
  it('covers the path and what lies beneath it, never a neighbour that merely starts alike', () => {
    expect(coversPath(['/api/admin/schools/4'], '/api/admin/schools/4')).toBe(true);
    expect(coversPath(['/api/admin/schools/4/deadlines'], '/api/admin/schools/4')).toBe(true);
    expect(coversPath(['/api/admin/certificates?userId=7'], '/api/admin/certificates')).toBe(true);
    expect(coversPath(['/api/admin/schools/42'], '/api/admin/schools/4')).toBe(false);
    expect(coversPath(['/api/admin/schoolsX'], '/api/admin/schools')).toBe(false);
    expect(coversPath([{ path: '/api/admin/schools/4' }], '/api/admin/schools/4')).toBe(false);
    expect(coversPath(MY_TRAINING_KEY, '/api/schools/4')).toBe(false);
  });
});
