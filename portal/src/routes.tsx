import { createElement, lazy, Suspense, type ComponentType } from 'react';
import styled from 'styled-components';
import { Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { LoadingState } from './components/Loading.tsx';
import { NotFoundScreen } from './components/NotFoundScreen.tsx';
import { RouteErrorBoundary, ScrollToTop, SessionErrorScreen } from './components/ErrorScreens.tsx';
import { SupportChat } from '@atrium/widgets/support-chat/SupportChat';
import { useShownCurrency } from './api/currency.ts';
import { useAuth } from './session/AuthProvider.tsx';
import { GuestOnly, RequireAdmin, RequireUser, SignedOutToHome } from './session/guards.tsx';

/** A component loaded on first use, which can also be loaded ahead (`preload`). */
type Loadable<P extends object> = ComponentType<P> & { preload(): Promise<void> };

/**
 * A scene's named export, loaded on first visit: each route is its own chunk. Once loaded ahead
 * (`preload`), it renders at once instead of suspending: a page the server drew is hydrated in one
 * pass, where a suspended part would be hydrated later, from answers that may have arrived since
 * (a mismatch, which React repairs by drawing that part again).
 */
function scene<M, K extends keyof M & string, P extends object = M[K] extends ComponentType<infer Q> ? Q & object : never>(
  load: () => Promise<M>,
  name: K,
): Loadable<P> {
  let loaded: ComponentType<P> | undefined;
  const take = async () => {
    loaded = (await load())[name] as ComponentType<P>;
    return loaded;
  };
  const Lazy = lazy(async () => ({ default: await take() }));
  // `loaded` is set before Lazy resolves, so a scene that suspended once renders `loaded` from
  // then on: Lazy itself never commits, and the element type never changes under a mounted scene.
  const Scene = (props: P) => (loaded ? createElement(loaded, props) : createElement(Lazy, props));
  return Object.assign(Scene, { preload: async () => void (await take()) });
}

/**
 * The signed-in frame (header, account menu, footer) loads with the first page that has it, not
 * with the landing page. startApp.tsx starts it at once on any other address, alongside the
 * session check.
 */
const loadFrame = () => import('./components/PageFrame.tsx');
const PageFrame = scene(loadFrame, 'PageFrame');
const FramedLayout = scene(loadFrame, 'FramedLayout');
export const preloadFrame = (): void => void PageFrame.preload().catch(() => undefined);

const LandingScene = scene(() => import('./scenes/Landing/LandingScene.tsx'), 'LandingScene');
const DashboardScene = scene(() => import('./scenes/Dashboard/DashboardScene.tsx'), 'DashboardScene');
const AuthScene = scene(() => import('./scenes/Auth/AuthScene.tsx'), 'AuthScene');
const ResetPasswordScene = scene(() => import('./scenes/ResetPassword/ResetPasswordScene.tsx'), 'ResetPasswordScene');
const CourseScene = scene(() => import('./scenes/Course/CourseScene.tsx'), 'CourseScene');
const ModuleScene = scene(() => import('./scenes/Module/ModuleScene.tsx'), 'ModuleScene');
const QuizScene = scene(() => import('./scenes/Quiz/QuizScene.tsx'), 'QuizScene');
const AssignmentScene = scene(() => import('./scenes/Assignment/AssignmentScene.tsx'), 'AssignmentScene');
const ProfileScene = scene(() => import('./scenes/Profile/ProfileScene.tsx'), 'ProfileScene');
const CertificatesScene = scene(() => import('./scenes/Certificates/CertificatesScene.tsx'), 'CertificatesScene');
const TranscriptScene = scene(() => import('./scenes/Transcript/TranscriptScene.tsx'), 'TranscriptScene');
const RecordScene = scene(() => import('./scenes/Record/RecordScene.tsx'), 'RecordScene');
const CertificateScene = scene(() => import('./scenes/Certificate/CertificateScene.tsx'), 'CertificateScene');
const CheckoutScene = scene(() => import('./scenes/Checkout/CheckoutScene.tsx'), 'CheckoutScene');
const PaymentSuccessScene = scene(() => import('./scenes/Checkout/PaymentSuccessScene.tsx'), 'PaymentSuccessScene');
const AdminScene = scene(() => import('./scenes/Admin/AdminScene.tsx'), 'AdminScene');
const AdminCourseScene = scene(() => import('./scenes/Admin/catalogue/AdminCourseScene.tsx'), 'AdminCourseScene');
const JoinScene = scene(() => import('./scenes/Join/JoinScene.tsx'), 'JoinScene');
const VerifyEmailScene = scene(() => import('./scenes/VerifyEmail/VerifyEmailScene.tsx'), 'VerifyEmailScene');
const UnsubscribeScene = scene(() => import('./scenes/Unsubscribe/UnsubscribeScene.tsx'), 'UnsubscribeScene');
const SchoolSubmissionScene = scene(() => import('./scenes/SchoolSubmission/SchoolSubmissionScene.tsx'), 'SchoolSubmissionScene');
const SchoolScene = scene(() => import('./scenes/School/SchoolScene.tsx'), 'SchoolScene');
const AdminStudentScene = scene(() => import('./scenes/Admin/people/AdminStudentScene.tsx'), 'AdminStudentScene');
const AdminSchoolScene = scene(() => import('./scenes/Admin/organisations/AdminSchoolScene.tsx'), 'AdminSchoolScene');
const AdminReviewsScene = scene(() => import('./scenes/Admin/people/AdminReviewsScene.tsx'), 'AdminReviewsScene');
const AdminReviewScene = scene(() => import('./scenes/Admin/people/AdminReviewScene.tsx'), 'AdminReviewScene');
const AdminInsightsScene = scene(() => import('./scenes/Admin/operations/AdminInsightsScene.tsx'), 'AdminInsightsScene');
const ModerationScene = scene(() => import('./scenes/Admin/moderation/ModerationScene.tsx'), 'ModerationScene');
const VerifyScene = scene(() => import('./scenes/Verify/VerifyScene.tsx'), 'VerifyScene');
const TrustScene = scene(() => import('./scenes/Trust/TrustScene.tsx'), 'TrustScene');
const AccessibilityScene = scene(() => import('./scenes/Accessibility/AccessibilityScene.tsx'), 'AccessibilityScene');

/**
 * The chunks of "/" as the server drew it (the landing page, or the frame and the dashboard),
 * loaded before React hydrates it, so that it is hydrated in one pass.
 */
export function preloadHome(signedIn: boolean): Promise<unknown> {
  return Promise.all(signedIn ? [PageFrame.preload(), DashboardScene.preload()] : [LandingScene.preload()]);
}

/** Everything waits for the session check (SPEC §2: a loading state shows meanwhile). */
function RootLayout() {
  const { isLoading, user, error, retry } = useAuth();
  const { pathname } = useLocation();
  const currency = useShownCurrency();
  if (isLoading) return <LoadingState fullPage label="Checking your session…" />;
  if (user === undefined && error) return <SessionErrorScreen error={error} onRetry={retry} />;
  return (
    <>
      <ScrollToTop />
      <RouteErrorBoundary>
        <Suspense fallback={<LoadingState fullPage label="Loading" />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
      {/* SPEC §2: the support widget (the same component as <atrium-support-chat>), on every page
          but the admin's: the agency does not ask its own support bot for help (issue 34). */}
      {isAdminPath(pathname) ? null : (
        <ChatLayer className="no-print" aria-label="Support chat">
          {/* On the landing page the server drew, its launcher leads to the contact form until the app
              has hydrated (issue 53: a button there would do nothing yet). */}
          <SupportChat currency={currency} fallbackHref={pathname === '/' && !user ? '#contact' : undefined} />
        </ChatLayer>
      )}
    </>
  );
}

/** "/": the landing page for visitors, the dashboard for signed-in users. */
function HomeRoute() {
  const { user } = useAuth();
  if (!user) {
    return (
      <Suspense fallback={<LoadingState fullPage label="Loading" />}>
        <LandingScene />
      </Suspense>
    );
  }
  return (
    <PageFrame>
      {/* Full height, as the scene's own loading state: the footer stays below the fold until the dashboard replaces both. */}
      <Suspense fallback={<LoadingState fullPage label="Loading your dashboard" />}>
        <DashboardScene />
      </Suspense>
    </PageFrame>
  );
}

function FramelessScene({ children }: { children: React.ReactNode }) {
  return <Suspense fallback={<LoadingState fullPage label="Loading" />}>{children}</Suspense>;
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <HomeRoute /> },
      {
        element: <RequireUser whenSignedOut="home" />,
        children: [
          {
            path: '/courses/:courseId/modules/:moduleId',
            element: (
              <FramelessScene>
                <ModuleScene />
              </FramelessScene>
            ),
          },
          {
            path: '/courses/:courseId/quizzes/:quizId',
            element: (
              <FramelessScene>
                <QuizScene />
              </FramelessScene>
            ),
          },
          {
            path: '/courses/:courseId/assignments/:assignmentId',
            element: (
              <FramelessScene>
                <AssignmentScene />
              </FramelessScene>
            ),
          },
        ],
      },
      {
        element: <FramedLayout />,
        children: [
          { element: <GuestOnly />, children: [{ path: '/auth', element: <AuthScene /> }] },
          { path: '/reset-password', element: <ResetPasswordScene /> },
          { path: '/join', element: <JoinScene /> },
          { path: '/trust', element: <TrustScene /> },
          { path: '/verify-email', element: <VerifyEmailScene /> },
          { path: '/unsubscribe', element: <UnsubscribeScene /> },
          { path: '/certificate/:certificateNumber', element: <CertificateScene /> },
          { path: '/verify', element: <VerifyScene /> },
          { path: '/record/:token', element: <RecordScene /> },
          { path: '/accessibility', element: <AccessibilityScene /> },
          {
            element: <RequireUser whenSignedOut="home" />,
            children: [
              { path: '/courses/:id', element: <CourseScene /> },
              { path: '/checkout/:id', element: <CheckoutScene /> },
            ],
          },
          {
            element: <RequireUser whenSignedOut="not-found" />,
            children: [
              { path: '/profile', element: <ProfileScene /> },
              { path: '/school', element: <SchoolScene /> },
              { path: '/school/submissions/:submissionId', element: <SchoolSubmissionScene /> },
              { path: '/certificates', element: <CertificatesScene /> },
              { path: '/transcript', element: <TranscriptScene /> },
              { path: '/payment-success', element: <PaymentSuccessScene /> },
            ],
          },
          {
            path: '/admin',
            element: <RequireAdmin />,
            children: [
              { index: true, element: <AdminScene /> },
              { path: 'courses/:courseId', element: <AdminCourseScene /> },
              { path: 'students/:studentId', element: <AdminStudentScene /> },
              { path: 'schools/:schoolId', element: <AdminSchoolScene /> },
              { path: 'insights', element: <AdminInsightsScene /> },
              { path: 'moderation', element: <ModerationScene /> },
              { path: 'reviews', element: <AdminReviewsScene /> },
              { path: 'reviews/:submissionId', element: <AdminReviewScene /> },
            ],
          },
          { path: '/admin/*', element: <SignedOutToHome /> },
          { path: '/courses/*', element: <SignedOutToHome /> },
          { path: '/checkout/*', element: <SignedOutToHome /> },
          { path: '*', element: <NotFoundScreen /> },
        ],
      },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}

/** The chat launcher stays below any open dialog, whose buttons it would otherwise cover on phones. */
export const isAdminPath = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

/**
 * On a phone a floating button always sits on some text (issue 34: it covered buttons and the
 * end of paragraphs at 390 px), so there the launcher docks at the end of the page, in the flow,
 * below everything else; the panel it opens still takes the whole screen. Wider screens keep it
 * floating in the right-hand margin, clear of the centred content. A landmark of its own, so that
 * landmark navigation finds it and the server-drawn page's launcher (a link until the app hydrates)
 * is not content outside every landmark.
 */
const ChatLayer = styled.aside`
  --atrium-z: ${({ theme }) => theme.zIndex.supportChat};

  @media (max-width: ${({ theme }) => theme.breakpoints.phone}px) {
    display: flex;
    justify-content: flex-end;
    padding: 0 ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.md};

    [part='launcher'] {
      position: static;
    }
  }
`;
