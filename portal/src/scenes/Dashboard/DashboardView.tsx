import { stepProgress } from '@atrium/common/rules/courseRequirements';
import { memo, type ReactNode } from 'react';
import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import type { DashboardCourseDto, DashboardStatsDto, MyTrainingDto } from '@atrium/common';
import { CourseCard } from '../../components/CourseCard.tsx';
import { Container } from '../../components/Layout.tsx';
import { ProgressBar } from '../../components/ProgressBar.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import { useBatchedReveal } from '../../components/useBatchedReveal.ts';
import { ContinueLearningCard } from './ContinueLearningCard.tsx';
import { StatTile } from './StatTile.tsx';

/** What the dashboard shows: still loading, the server's sentence with a retry, or the learner's courses. */
export type DashboardState =
  { state: 'loading' } | { state: 'failed'; error: Error; retry: () => void } | { state: 'ready'; courses: DashboardCourseDto[]; stats: DashboardStatsDto };

/** Where a finished course's certificate is (its card links there), and the learner's deadline for a course (if any). */
export interface CourseLinks {
  certificateHref: (courseId: number) => string;
  trainingOf: (courseId: number) => MyTrainingDto | undefined;
}

export interface DashboardViewProps extends CourseLinks {
  /** The learner's first name, as the welcome says it. */
  name: string;
  dashboard: DashboardState;
  /**
   * Below the figures: a trust manager's way to their trust, or how staff with no course get
   * access (TrustManagerCard, NoAccessHelp); nothing for everyone else.
   */
  whereToStart?: ReactNode;
}

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

/** / for a signed-in learner: the welcome, overall progress, the three figures, the course to continue and every course. */
export function DashboardView({ name, dashboard, whereToStart, certificateHref, trainingOf }: DashboardViewProps) {
  // Full height: a short loading state would show the footer, and the dashboard arriving would
  // push it off the screen (a layout shift every visit).
  if (dashboard.state !== 'ready') {
    return (
      <QueryState
        read={dashboard}
        fullHeight
        loading="Loading your courses"
        failed="Your dashboard could not be loaded"
        fallback="Please check your connection and try again."
      >
        {() => null}
      </QueryState>
    );
  }

  const { courses, stats } = dashboard;
  const enrolled = courses.filter((course) => course.isEnrolled);
  const available = courses.length - enrolled.length;
  const next = courseToContinue(courses);
  const firstVisit = isFirstVisit(courses, stats);

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
      {whereToStart}

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
          <CourseList courses={ownCoursesFirst(courses)} certificateHref={certificateHref} trainingOf={trainingOf} />
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

/** Cards drawn with the page (the server's HTML holds these), then this many more per task. */
const FIRST_CARDS = 4;
const CARDS_PER_BATCH = 8;

/** A card redrawn only when its own props change: each batch then draws its new cards alone. */
const ListedCourseCard = memo(CourseCard);

/** The All Courses grid: the first screenful with the page, the rest in short batches right after. */
function CourseList({ courses, certificateHref, trainingOf }: { courses: DashboardCourseDto[] } & CourseLinks) {
  const shown = useBatchedReveal(courses.length, FIRST_CARDS, CARDS_PER_BATCH);
  const finished = (course: DashboardCourseDto) => course.isEnrolled && course.progressPercentage === 100;
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
