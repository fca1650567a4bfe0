import { stepProgress } from '@atrium/common/rules/courseRequirements';
import { memo } from 'react';
import { failedWithNothingToShow } from '../../api/client.ts';
import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import type { DashboardCourseDto, DashboardStatsDto } from '@atrium/common';
import { useCertificateLinks } from '../../api/certificates.ts';
import { useDashboard } from '../../api/courses.ts';
import { useMySchool } from '../../api/schools.ts';
import { useMyTrust } from '../../api/trusts.ts';
import { CourseCard } from '../../components/CourseCard.tsx';
import { Container } from '../../components/Layout.tsx';
import { LoadingState } from '../../components/Loading.tsx';
import { ProgressBar } from '../../components/ProgressBar.tsx';
import { LoadFailedMessage } from '../../components/LoadFailedMessage.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useBatchedReveal } from '../../components/useBatchedReveal.ts';
import { useSignedInUser } from '../../session/AuthProvider.tsx';
import { ContinueLearningCard } from './ContinueLearningCard.tsx';
import { NoAccessHelp } from './NoAccessHelp.tsx';
import { TrustManagerCard } from './TrustManagerCard.tsx';
import { StatTile } from './StatTile.tsx';
import { useMyTraining } from '../../api/deadlines.ts';

/** The first enrolled course that is started but not finished (SPEC §2). */
export function courseToContinue(courses: DashboardCourseDto[]): DashboardCourseDto | undefined {
  return courses.find((course) => course.isEnrolled && course.progressPercentage > 0 && course.progressPercentage < 100);
}

/**
 * Nothing watched or completed yet: the learner is new here, so the page greets them as such and
 * adds its first-visit guidance around the figures (SPEC §2: the welcome, the overall progress
 * and the three tiles are always there).
 */
export function isFirstVisit(courses: DashboardCourseDto[], stats: DashboardStatsDto): boolean {
  return stats.completedModules === 0 && stats.totalWatchTime === 0 && courses.every((course) => course.progressPercentage === 0);
}

/** The learner's own courses first, then the rest, each in the catalogue's order. */
export function ownCoursesFirst(courses: DashboardCourseDto[]): DashboardCourseDto[] {
  return [...courses.filter((course) => course.isEnrolled), ...courses.filter((course) => !course.isEnrolled)];
}

export function DashboardScene() {
  usePageTitle('Dashboard');
  const user = useSignedInUser();
  const dashboard = useDashboard();

  // Full height: a short loading state would show the footer, and the dashboard arriving would
  // push it off the screen (a layout shift every visit).
  if (dashboard.isPending) return <LoadingState fullPage label="Loading your courses" />;
  if (failedWithNothingToShow(dashboard)) {
    return (
      <Container>
        <LoadFailedMessage
          title="Your dashboard could not be loaded"
          error={dashboard.error}
          onRetry={() => void dashboard.refetch()}
          fallback="Please check your connection and try again."
        />
      </Container>
    );
  }

  const { courses, stats } = dashboard.data;
  const enrolled = courses.filter((course) => course.isEnrolled);
  const available = courses.length - enrolled.length;
  const next = courseToContinue(courses);
  const firstVisit = isFirstVisit(courses, stats);
  const name = user.firstName?.trim() || 'Student';

  return (
    <Container>
      <Welcome>
        <div>
          <h1>{firstVisit ? `Welcome, ${name}!` : `Welcome back, ${name}!`}</h1>
          <p>
            {!firstVisit
              ? 'Pick up where you left off, or start something new.'
              : enrolled.length > 0
                ? 'Your courses are ready below: start with any of them, at your own pace.'
                : 'Here is how to get started.'}
          </p>
        </div>
        <OverallProgress percent={stats.overallProgress} {...stepsEnrolled(courses)} />
      </Welcome>

      <Stats aria-label="Your learning in numbers">
        <StatTile icon="layers" label="Enrolled Courses" value={String(stats.enrolledCourses)} />
        <StatTile icon="checkCircle" label="Modules Completed" value={String(stats.completedModules)} />
        <StatTile icon="clock" label="Watch Time" value={`${stats.totalWatchTime} h`} hint="hours watched" />
      </Stats>

      {next ? <ContinueLearningCard course={next} /> : null}
      <WhereToStart noCourses={enrolled.length === 0} />

      <section aria-labelledby="all-courses-title">
        <GridHeader>
          <h2 id="all-courses-title">All Courses</h2>
          <p>
            {enrolled.length} enrolled · {available} available to purchase
          </p>
        </GridHeader>
        {courses.length === 0 ? (
          <StatusMessage icon="book" title="No courses yet">
            <p>New courses will appear here as soon as they are published.</p>
          </StatusMessage>
        ) : (
          <CourseList courses={ownCoursesFirst(courses)} />
        )}
      </section>
    </Container>
  );
}

/**
 * The steps of the courses the learner is enrolled in, and how many are done: the whole that overall
 * progress is a share of, counted as the server counts it (a knowledge check and an assignment are
 * steps beside the modules; common/rules/courseRequirements).
 */
export function stepsEnrolled(courses: DashboardCourseDto[]): { completed: number; total: number; withOtherSteps: boolean } {
  let completed = 0;
  let total = 0;
  let withOtherSteps = false;
  for (const course of courses) {
    if (!course.isEnrolled) continue;
    const counts = stepProgress(course);
    completed += counts.completed;
    total += counts.total;
    withOtherSteps ||= counts.unit === 'step';
  }
  return { completed, total, withOtherSteps };
}

/**
 * The server works the percent out (steps completed ÷ steps enrolled); the tooltip says how, with
 * the learner's own figures, so "30 %" can be checked against "3 of 10", in the same unit.
 */
function OverallProgress({ percent, completed, total, withOtherSteps }: { percent: number } & ReturnType<typeof stepsEnrolled>) {
  const how = withOtherSteps
    ? `Steps completed ÷ steps in your courses (modules, knowledge checks and assignments): ${completed} of ${total}`
    : `Modules completed ÷ modules in your courses: ${completed} of ${total}`;
  return (
    <Overall title={how}>
      <OverallFigure>
        <strong>{percent}%</strong> overall progress
        <span className="visually-hidden"> ({how})</span>
      </OverallFigure>
      <ProgressBar value={percent} label="Overall progress" />
    </Overall>
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

/** Cards drawn with the page (the server's HTML holds these), then this many more per task. */
const FIRST_CARDS = 4;
const CARDS_PER_BATCH = 8;

/** A card redrawn only when its own props change: each batch then draws its new cards alone. */
const ListedCourseCard = memo(CourseCard);

/** The All Courses grid: the first screenful with the page, the rest in short batches right after. */
function CourseList({ courses }: { courses: DashboardCourseDto[] }) {
  const shown = useBatchedReveal(courses.length, FIRST_CARDS, CARDS_PER_BATCH);
  const finished = (course: DashboardCourseDto) => course.isEnrolled && course.progressPercentage === 100;
  const certificateHref = useCertificateLinks(courses.some(finished));
  const training = useMyTraining();
  const trainingOf = (courseId: number) => training.data?.find((entry) => entry.courseId === courseId);
  return (
    <Grid>
      {courses.slice(0, shown).map((course) => (
        <li key={course.id}>
          <ListedCourseCard course={course} certificateHref={finished(course) ? certificateHref(course.id) : undefined} training={trainingOf(course.id)} />
        </li>
      ))}
    </Grid>
  );
}

const Welcome = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  align-items: end;
  margin-bottom: ${({ theme }) => theme.space.xl};

  h1 {
    font-size: ${({ theme }) => theme.fontSize.xxl};
    ${media.tablet} {
      font-size: 2rem;
    }
  }
  p {
    margin-top: ${({ theme }) => theme.space.xxs};
    color: ${({ theme }) => theme.colors.textMuted};
  }

  ${media.tablet} {
    grid-template-columns: 1fr 18rem;
  }
`;

const Overall = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
`;

const OverallFigure = styled.p`
  && {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  strong {
    color: ${({ theme }) => theme.colors.text};
    font-size: ${({ theme }) => theme.fontSize.xl};
  }
`;

const Stats = styled.ul`
  display: grid;
  padding: 0;
  list-style: none;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  margin: 0 0 ${({ theme }) => theme.space.xl};

  ${media.tablet} {
    gap: ${({ theme }) => theme.space.md};
  }
`;

const GridHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.lg};

  h2 {
    font-size: ${({ theme }) => theme.fontSize.xl};
  }
  p {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Grid = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  margin: 0;
  padding: 0;
  list-style: none;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 18rem), 1fr));

  li {
    display: flex;
  }
  li > * {
    flex: 1;
    /* A catalogue can hold a hundred courses: the browser styles, lays out and paints only the
       cards near the screen (each remembers its real size once drawn; about 31rem is what a
       card measures). The dashboard has no in-page links whose targets the estimate could move. */
    content-visibility: auto;
    contain-intrinsic-size: auto 31rem;
  }
`;
