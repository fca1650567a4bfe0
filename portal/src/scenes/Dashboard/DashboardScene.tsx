import { failedWithNothingToShow } from '../../api/client.ts';
import type { DashboardCourseDto } from '@atrium/common';
import { useCertificateLinks } from '../../api/certificates.ts';
import { useDashboard } from '../../api/courses.ts';
import { useMyTraining } from '../../api/deadlines.ts';
import { useMySchool } from '../../api/schools.ts';
import { useMyTrust } from '../../api/trusts.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useSignedInUser } from '../../session/AuthProvider.tsx';
import { DashboardView, type DashboardState } from './DashboardView.tsx';
import { NoAccessHelp } from './NoAccessHelp.tsx';
import { TrustManagerCard } from './TrustManagerCard.tsx';

const finished = (course: DashboardCourseDto) => course.isEnrolled && course.progressPercentage === 100;

/** / for a signed-in learner: reads the dashboard, the learner's deadlines and certificates, and draws DashboardView. */
export function DashboardScene() {
  usePageTitle('Dashboard');
  const user = useSignedInUser();
  const dashboard = useDashboard();
  const courses = dashboard.data?.courses ?? [];
  // Asked for only once there are cards to put them on, as before the split.
  const certificateHref = useCertificateLinks(courses.some(finished));
  const training = useMyTraining(courses.length > 0);

  const state: DashboardState = dashboard.isPending
    ? { state: 'loading' }
    : failedWithNothingToShow(dashboard)
      ? { state: 'failed', error: dashboard.error, retry: () => void dashboard.refetch() }
      : { state: 'ready', courses: dashboard.data.courses, stats: dashboard.data.stats };

  return (
    <DashboardView
      name={user.firstName?.trim() || 'Student'}
      dashboard={state}
      whereToStart={state.state === 'ready' ? <WhereToStart noCourses={!state.courses.some((course) => course.isEnrolled)} /> : null}
      certificateHref={certificateHref}
      trainingOf={(courseId) => training.data?.find((entry) => entry.courseId === courseId)}
    />
  );
}

/**
 * A trust's manager: the way to their trust (issue 53), rather than "Is your school signed up?",
 * which is for staff. Someone else with no course: how staff get access, unless they belong to a
 * school already.
 */
function WhereToStart({ noCourses }: { noCourses: boolean }) {
  const trust = useMyTrust();
  const mine = useMySchool(noCourses);
  if (trust.data?.trust) return <TrustManagerCard trustName={trust.data.trust.name} />;
  if (!noCourses || trust.isPending || !mine.isSuccess || mine.data.school) return null;
  return <NoAccessHelp />;
}
