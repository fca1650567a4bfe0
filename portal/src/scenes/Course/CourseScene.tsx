import { useNavigate, useParams } from 'react-router';
import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import type { CourseDetailDto, PriceList } from '@atrium/common';
import { useShownCurrency } from '../../api/currency.ts';
import { shownPrice } from '../../components/coursePrice.ts';
import { enrolledCourseAction, modulesPhrase } from '@atrium/common/rules/courseCard';
import { errorText, failedWithNothingToShow, hasErrorId, isNotFound } from '../../api/client.ts';
import { useCertificateLinks } from '../../api/certificates.ts';
import { useCourseCaptions } from '../../api/captions.ts';
import { useCourse, useEnroll } from '../../api/courses.ts';
import { Badge } from '../../components/Badge.tsx';
import { CpdDetails } from '../../components/CpdValue.tsx';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Card, Container } from '../../components/Layout.tsx';
import { LoadingState } from '../../components/Loading.tsx';
import { ProgressBar } from '../../components/ProgressBar.tsx';
import { LoadFailedMessage } from '../../components/LoadFailedMessage.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import { useToast } from '../../components/toast/Toaster.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
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
import { CcMark, ModuleList, type CaptionLanguages } from './ModuleList.tsx';
import { RenewalPanel } from './RenewalPanel.tsx';
import { CourseResources } from '../../components/resources/ResourceList.tsx';
import { WatchingNote } from '../../components/WatchingNote.tsx';

export function CourseScene() {
  const { id = '' } = useParams();
  const course = useCourse(id);
  usePageTitle(course.data?.title ?? 'Course');

  if (course.isPending) return <LoadingState label="Loading course" />;
  if (failedWithNothingToShow(course)) {
    return (
      <Container>
        {isNotFound(course.error) || !/^\d+$/.test(id) ? (
          <StatusMessage icon="book" headingLevel={1} title="Course not found" actions={<ButtonLink to="/">Back to Dashboard</ButtonLink>}>
            <p>This course does not exist or is no longer available.</p>
          </StatusMessage>
        ) : (
          <LoadFailedMessage
            title="This course could not be loaded"
            error={course.error}
            onRetry={() => void course.refetch()}
            back={
              <ButtonLink to="/" variant="secondary">
                Back to Dashboard
              </ButtonLink>
            }
          />
        )}
      </Container>
    );
  }
  return <CourseDetail course={course.data} />;
}

function CourseDetail({ course }: { course: CourseDetailDto }) {
  const navigate = useNavigate();
  const { toast } = useToast();
  const enroll = useEnroll();
  const modules = sortModules(course.modules);
  // Modules and knowledge checks in order (issue 36); the counts are the server's.
  const steps = courseSteps(course);
  const { completed, total } = stepCounts(course, steps);
  const hasQuizzes = steps.some((step) => step.kind !== 'video');
  const target = firstIncompleteStep(steps);
  const quizToPass = course.isEnrolled ? pendingQuiz(steps) : undefined;
  // A knowledge check the certificate does not require may stay unpassed: the certificate is issued all the same.
  const videosDone = modules.length > 0 && modules.every((module) => module.isCompleted);
  // Assignments always count (issue 37): approved, or sent when the step needs no approval.
  const finished = course.isEnrolled && (course.progressPercentage === 100 || (videosDone && assignmentsDone(steps) && !requiredQuiz(steps)));
  const certificateHref = useCertificateLinks(finished)(course.id);
  // Once started, what the certificate still waits for (issue 53); the quiz note says the quiz alone.
  const left = course.isEnrolled && !finished && !quizToPass && completed > 0 ? whatIsLeft(steps) : '';
  const captionList = useCourseCaptions(course.id).data;
  const captions: CaptionLanguages | undefined = captionList ? new Map(captionList.modules.map((entry) => [entry.moduleId, entry.languages])) : undefined;
  const captioned = captionList?.modules.filter((entry) => entry.languages.length > 0).length;

  const currency = useShownCurrency();
  const enrollNow = () =>
    enroll.mutate(
      { courseId: course.id, currency: shownPrice(course, currency).currency },
      {
        onSuccess: () => toast({ title: 'Enrolled successfully!', description: `You can now start ${course.title}.`, variant: 'success' }),
        onError: (error) => {
          // A priced course is bought at checkout (CONTRACT: 402 Payment Required).
          if (hasErrorId(error, 'payment_required')) {
            navigate(`/checkout/${course.id}`);
            return;
          }
          toast({ title: 'Enrollment failed', description: errorText(error, 'Failed to enroll in course'), variant: 'destructive' });
        },
      },
    );

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
          {course.isEnrolled ? <RenewalPanel courseId={course.id} firstModuleId={modules[0]?.id} /> : null}
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
              <CoursePrice course={course} />
              <Button size="lg" block onClick={enrollNow} disabled={enroll.isPending}>
                {enroll.isPending ? 'Enrolling…' : 'Enroll Now'}
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
      <CourseResources courseId={course.id} />
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
function CoursePrice({ course }: { course: { price: number; prices?: PriceList } }) {
  const price = shownPrice(course, useShownCurrency());
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
