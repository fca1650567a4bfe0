import type { ReactNode } from 'react';
import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import type { CourseCaptionsDto, CourseDetailDto } from '@atrium/common';
import { enrolledCourseAction, modulesPhrase } from '@atrium/common/rules/courseCard';
import { Badge } from '../../components/Badge.tsx';
import { CpdDetails } from '../../components/CpdValue.tsx';
import { Button, ButtonLink } from '../../components/Button.tsx';
import type { ShownPrice } from '../../components/coursePrice.ts';
import { Icon } from '../../components/Icon.tsx';
import { Card, Container } from '../../components/Layout.tsx';
import { ProgressBar } from '../../components/ProgressBar.tsx';
import { QueryState, type ReadState } from '../../components/QueryState.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import { sortModules } from '../../components/moduleOrder.ts';
import {
  assignmentsDone,
  courseSteps,
  type CourseStepDto,
  firstIncompleteStep,
  pendingQuiz,
  requiredQuiz,
  stepCounts,
  stepHref,
  whatIsLeft,
} from '../../components/courseSteps.ts';
import { QuizPendingNote } from '../../components/QuizPendingNote.tsx';
import { WatchingNote } from '../../components/WatchingNote.tsx';
import { CcMark, ModuleList, type CaptionLanguages } from './ModuleList.tsx';

/**
 * Whether the certificate is earned: every step done, or every video and assignment with no
 * knowledge check the certificate requires left (one it does not require may stay unpassed).
 * Assignments always count (issue 37): approved, or sent when the step needs no approval.
 */
export function courseFinished(course: CourseDetailDto): boolean {
  if (!course.isEnrolled) return false;
  const steps = courseSteps(course);
  const videosDone = course.modules.length > 0 && course.modules.every((module) => module.isCompleted);
  return course.progressPercentage === 100 || (videosDone && assignmentsDone(steps) && !requiredQuiz(steps));
}

export interface CourseViewProps {
  course: ReadState<CourseDetailDto>;
  /** False when the address names no course (not a number): "Course not found" without asking. */
  wellFormed: boolean;
  /** Which modules have captions in which languages; undefined while unknown (then nothing is said). */
  captions: CourseCaptionsDto | undefined;
  /** The price in the chosen currency (a course not enrolled in shows it). */
  price: ShownPrice | null;
  /** Where "View Certificate" goes once the course is finished. */
  certificateHref: string;
  onEnroll: () => void;
  enrolling: boolean;
  /** The renewal panel (its own container), for an enrolled learner. */
  renewal?: ReactNode;
  /** The course's resources (their own container), below the modules. */
  resources?: ReactNode;
}

/** /courses/:id: what the course is, where the learner stands, the next step and every module. */
export function CourseView({ course, wellFormed, ...rest }: CourseViewProps) {
  const back = <ButtonLink to="/">Back to Dashboard</ButtonLink>;
  return (
    <QueryState
      read={course}
      wellFormed={wellFormed}
      loading="Loading course"
      failed="This course could not be loaded"
      notFound={{ icon: 'book', title: 'Course not found', text: 'This course does not exist or is no longer available.' }}
      back={back}
    >
      {(shown) => <CourseDetail course={shown} {...rest} />}
    </QueryState>
  );
}

function CourseDetail({
  course,
  captions: captionList,
  price,
  certificateHref,
  onEnroll,
  enrolling,
  renewal,
  resources,
}: Omit<CourseViewProps, 'course' | 'wellFormed'> & { course: CourseDetailDto }) {
  const modules = sortModules(course.modules);
  // Modules and knowledge checks in order (issue 36); the counts are the server's.
  const steps = courseSteps(course);
  const { completed, total } = stepCounts(course, steps);
  const hasQuizzes = steps.some((step) => step.kind !== 'video');
  const target = firstIncompleteStep(steps);
  const quizToPass = course.isEnrolled ? pendingQuiz(steps) : undefined;
  const finished = courseFinished(course);
  // Once started, what the certificate still waits for (issue 53); the quiz note says the quiz alone.
  const left = course.isEnrolled && !finished && !quizToPass && completed > 0 ? whatIsLeft(steps) : '';
  const captions: CaptionLanguages | undefined = captionList ? new Map(captionList.modules.map((entry) => [entry.moduleId, entry.languages])) : undefined;
  const captioned = captionList?.modules.filter((entry) => entry.languages.length > 0).length;

  return (
    <Container>
      <Back to="/">
        <Icon name="arrowLeft" size={18} /> Back to Dashboard
      </Back>
      <Header>
        <div>
          <TitleRow>
            <h1>{course.title}</h1>
            {course.isEnrolled ? (
              <Badge $tone={course.progressPercentage === 100 ? 'success' : 'accent'}>{course.progressPercentage}% Complete</Badge>
            ) : (
              <Badge $tone="neutral">Not Enrolled</Badge>
            )}
          </TitleRow>
          {course.schoolName ? (
            <Access>
              <Icon name="school" size={18} /> Access through {course.schoolName}
            </Access>
          ) : null}
          <Description>{course.description}</Description>
          <CpdDetails course={course} />
          {course.requiresWatching ? <WatchingNote where="course" /> : null}
          {quizToPass ? <QuizPendingNote courseId={course.id} quiz={quizToPass} /> : null}
        </div>
        <Summary>
          <Counts>
            <Icon name="layers" size={18} />
            {hasQuizzes
              ? `${course.isEnrolled ? `${completed} of ` : ''}${total} steps${course.isEnrolled ? ' completed' : ''} (${stepsPhrase(modules.length, steps)})`
              : course.isEnrolled
                ? `${completed} of ${modulesPhrase(total)} completed`
                : modulesPhrase(total)}
          </Counts>
          {captionList && captionList.modules.length > 0 ? (
            <CaptionCount>
              <CcMark aria-hidden="true">CC</CcMark>
              {captioned === captionList.modules.length ? 'Every video has captions' : `Captions on ${captioned} of ${captionList.modules.length} videos`}
            </CaptionCount>
          ) : null}
          {course.isEnrolled ? <ProgressBar value={course.progressPercentage} label="Course progress" /> : null}
          {left ? <Left>{left}</Left> : null}
          {course.isEnrolled ? renewal : null}
          {course.isEnrolled ? (
            finished ? (
              <ButtonLink to={certificateHref} size="lg" block>
                <Icon name="award" size={18} /> View Certificate
              </ButtonLink>
            ) : target ? (
              <ButtonLink to={stepHref(course.id, target)} size="lg" block>
                <Icon name="play" size={18} />
                {enrolledCourseAction(course.progressPercentage)}
              </ButtonLink>
            ) : null
          ) : (
            <>
              {price ? <CoursePrice price={price} /> : null}
              <Button size="lg" block onClick={onEnroll} disabled={enrolling}>
                {enrolling ? 'Enrolling…' : 'Enroll Now'}
              </Button>
            </>
          )}
        </Summary>
      </Header>

      <section aria-labelledby="modules-title">
        <SectionTitle id="modules-title">Course modules</SectionTitle>
        {total === 0 ? (
          <StatusMessage icon="layers" title="No modules yet">
            <p>The modules of this course are being prepared.</p>
          </StatusMessage>
        ) : (
          <ModuleList course={course} steps={steps} captions={captions} />
        )}
      </section>
      {resources}
    </Container>
  );
}

const quizzesPhrase = (count: number) => `${count} ${count === 1 ? 'knowledge check' : 'knowledge checks'}`;
const assignmentsPhrase = (count: number) => `${count} ${count === 1 ? 'assignment' : 'assignments'}`;

/** "3 modules and 1 knowledge check", "3 modules, 1 knowledge check and 2 assignments": what the steps are made of. */
function stepsPhrase(moduleCount: number, steps: CourseStepDto[]): string {
  const quizzes = steps.filter((step) => step.kind === 'quiz').length;
  const assignments = steps.filter((step) => step.kind === 'assignment').length;
  const parts = [modulesPhrase(moduleCount), ...(quizzes > 0 ? [quizzesPhrase(quizzes)] : []), ...(assignments > 0 ? [assignmentsPhrase(assignments)] : [])];
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}`;
}

const Back = styled(ButtonLink).attrs({ variant: 'ghost', size: 'sm' })`
  margin: 0 0 ${({ theme }) => theme.space.md} -${({ theme }) => theme.space.sm};
`;

const Header = styled(Card)`
  display: grid;
  /* One column no wider than the card: an implicit one took its children's widest content and ran past a 320 px screen. */
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.xl};
  margin-bottom: ${({ theme }) => theme.space.xxl};
  padding: ${({ theme }) => theme.space.lg};

  ${media.tablet} {
    padding: ${({ theme }) => theme.space.xl};
  }
  ${media.desktop} {
    grid-template-columns: 1fr 20rem;
    align-items: start;
  }
`;

const TitleRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};

  h1 {
    font-size: ${({ theme }) => theme.fontSize.xxl};
    ${media.tablet} {
      font-size: 2rem;
    }
  }
`;

const Description = styled.p`
  margin-top: ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.lg};
  white-space: pre-line;
`;

const Summary = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

const CaptionCount = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Left = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Counts = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  font-weight: 600;

  svg {
    flex: none;
  }
`;

/** The price in the chosen currency, or in pounds with a note when the course has none in it. */
function CoursePrice({ price }: { price: ShownPrice }) {
  return (
    <div>
      <Price data-currency={price.currency}>{price.text}</Price>
      {price.note ? <PriceNote>{price.note}</PriceNote> : null}
    </div>
  );
}

const PriceNote = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Price = styled.p`
  font-size: ${({ theme }) => theme.fontSize.xxl};
  font-weight: 800;
`;

const SectionTitle = styled.h2`
  margin-bottom: ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.fontSize.xl};
`;

const Access = styled.p`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  margin-top: ${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.colors.accentHover};
  font-weight: 600;
`;
