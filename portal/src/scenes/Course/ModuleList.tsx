import styled from 'styled-components';
import type { CourseDetailDto, ModuleDto } from '@atrium/common';
import { formatDuration } from '@atrium/common/rules/format';
import { stepPositionLabel } from '@atrium/common/rules/courseRequirements';
import { Badge } from '../../components/Badge.tsx';
import { ButtonLink } from '../../components/Button.tsx';
import { stepHref, type CourseStepDto } from '../../components/courseSteps.ts';
import { Icon } from '../../components/Icon.tsx';

/** Watch, Continue (the module last watched, not finished) or Rewatch (completed). */
export function moduleAction(module: ModuleDto, lastWatchedId: number | null): 'Watch' | 'Continue' | 'Rewatch' {
  if (module.isCompleted) return 'Rewatch';
  if (module.id === lastWatchedId) return 'Continue';
  return 'Watch';
}

/** A module's caption languages by module id; undefined while unknown (then nothing is said). */
export type CaptionLanguages = ReadonlyMap<number, ReadonlyArray<{ lang: string; label: string }>>;

type QuizStep = Extract<CourseStepDto, { kind: 'quiz' }>;

/** Take, Retake (attempted, not passed) or Review (passed). */
export function quizAction(quiz: QuizStep): 'Take quiz' | 'Retake' | 'Review' {
  if (quiz.isCompleted) return 'Review';
  return quiz.bestScore === null ? 'Take quiz' : 'Retake';
}

/** The course's steps in order: each module, and each knowledge check where it falls (issue 36). */
export function ModuleList({ course, steps, captions }: { course: CourseDetailDto; steps: CourseStepDto[]; captions?: CaptionLanguages }) {
  const lastWatchedId = course.lastWatchedModule?.id ?? null;
  const modules = new Map(course.modules.map((module) => [module.id, module]));
  return (
    <List>
      {steps.map((step, index) => {
        const done = course.isEnrolled && step.isCompleted;
        const marker = (
          <Number aria-hidden="true" $done={done}>
            {done ? <Icon name="check" size={18} strokeWidth={2.5} /> : index + 1}
          </Number>
        );
        if (step.kind === 'quiz') {
          return (
            <Item key={`quiz-${step.id}`} $done={done}>
              {marker}
              <QuizRow course={course} quiz={step} position={stepPositionLabel(steps, index)} />
            </Item>
          );
        }
        if (step.kind === 'assignment') {
          return (
            <Item key={`assignment-${step.id}`} $done={done}>
              {marker}
              <AssignmentRow course={course} assignment={step} position={stepPositionLabel(steps, index)} />
            </Item>
          );
        }
        const module = modules.get(step.id);
        if (!module) return null;
        const action = moduleAction(module, lastWatchedId);
        return (
          <Item key={module.id} $done={done}>
            {marker}
            <Text>
              <h3>
                <span className="visually-hidden">{stepPositionLabel(steps, index)}: </span>
                {module.title}
                {done ? <span className="visually-hidden"> (completed)</span> : null}
              </h3>
              {module.description ? <p>{module.description}</p> : null}
              <Duration>
                <Icon name="clock" size={16} />
                <span className="visually-hidden">Duration </span>
                {formatDuration(module.duration)}
              </Duration>
              <CaptionNote languages={captions?.get(module.id)} />
            </Text>
            {course.isEnrolled ? (
              <ButtonLink
                to={stepHref(course.id, step)}
                variant={action === 'Rewatch' ? 'secondary' : 'primary'}
                size="sm"
                aria-label={`${action}: ${module.title}`}
              >
                <Icon name={action === 'Rewatch' ? 'playCircle' : 'play'} size={16} />
                {action}
              </ButtonLink>
            ) : (
              <Locked>
                <Icon name="lock" size={16} />
                Enroll Required
              </Locked>
            )}
          </Item>
        );
      })}
    </List>
  );
}

/** A knowledge check in the list: how many questions, the learner's best score, whether the certificate needs it. */
function QuizRow({ course, quiz, position }: { course: CourseDetailDto; quiz: QuizStep; position: string }) {
  const action = quizAction(quiz);
  return (
    <>
      <Text>
        <h3>
          <span className="visually-hidden">{position}, knowledge check: </span>
          {quiz.title}
          {course.isEnrolled && quiz.isCompleted ? <span className="visually-hidden"> (passed)</span> : null}
        </h3>
        <Duration>
          <Icon name="checkCircle" size={16} />
          Knowledge check · {quiz.questionCount} {quiz.questionCount === 1 ? 'question' : 'questions'}
        </Duration>
        <Tags>
          {quiz.requiredForCertificate ? <Badge $tone="accent">Pass it to get the certificate</Badge> : null}
          {course.isEnrolled && quiz.bestScore !== null ? (
            <Badge $tone={quiz.isCompleted ? 'success' : 'warning'}>
              {quiz.isCompleted ? 'Passed' : 'Not passed yet'} · best score {quiz.bestScore}%
            </Badge>
          ) : null}
        </Tags>
      </Text>
      {course.isEnrolled ? (
        <ButtonLink to={stepHref(course.id, quiz)} variant={action === 'Review' ? 'secondary' : 'primary'} size="sm" aria-label={`${action}: ${quiz.title}`}>
          <Icon name={action === 'Review' ? 'checkCircle' : 'edit'} size={16} />
          {action}
        </ButtonLink>
      ) : (
        <Locked>
          <Icon name="lock" size={16} />
          Enroll Required
        </Locked>
      )}
    </>
  );
}

type AssignmentStep = Extract<CourseStepDto, { kind: 'assignment' }>;

/** What the learner does next on an assignment: start it, carry on with the draft, resend, or look at it again. */
export function assignmentAction(assignment: AssignmentStep): 'Start' | 'Continue' | 'Resubmit' | 'View' {
  if (assignment.status === 'not_started') return 'Start';
  if (assignment.status === 'draft') return 'Continue';
  if (assignment.status === 'changes_requested') return 'Resubmit';
  return 'View';
}

/** Where an assignment stands, in words (never by colour alone). */
export const ASSIGNMENT_STATUS: Record<AssignmentStep['status'], { label: string; tone: 'neutral' | 'accent' | 'success' | 'warning' }> = {
  not_started: { label: 'Not started', tone: 'neutral' },
  draft: { label: 'Draft, not sent yet', tone: 'neutral' },
  submitted: { label: 'Submitted', tone: 'accent' },
  approved: { label: 'Approved', tone: 'success' },
  changes_requested: { label: 'Changes requested', tone: 'warning' },
};

/** An assignment in the list: what it asks for in a word, where the learner's submission stands. */
function AssignmentRow({ course, assignment, position }: { course: CourseDetailDto; assignment: AssignmentStep; position: string }) {
  const action = assignmentAction(assignment);
  const status = ASSIGNMENT_STATUS[assignment.status];
  const awaiting = assignment.status === 'submitted' && assignment.approvalRequired;
  return (
    <>
      <Text>
        <h3>
          <span className="visually-hidden">{position}, assignment: </span>
          {assignment.title}
          {course.isEnrolled && assignment.isCompleted ? <span className="visually-hidden"> (completed)</span> : null}
        </h3>
        <Duration>
          <Icon name="upload" size={16} />
          Assignment{assignment.approvalRequired ? ' · reviewed by our team' : ''}
        </Duration>
        {course.isEnrolled && assignment.status !== 'not_started' ? (
          <Tags>
            <Badge $tone={status.tone}>{awaiting ? 'Submitted · awaiting review' : status.label}</Badge>
          </Tags>
        ) : null}
      </Text>
      {course.isEnrolled ? (
        <ButtonLink
          to={stepHref(course.id, assignment)}
          variant={action === 'View' ? 'secondary' : 'primary'}
          size="sm"
          aria-label={`${action}: ${assignment.title}`}
        >
          <Icon name={action === 'View' ? 'eye' : 'upload'} size={16} />
          {action}
        </ButtonLink>
      ) : (
        <Locked>
          <Icon name="lock" size={16} />
          Enroll Required
        </Locked>
      )}
    </>
  );
}

/** Which languages a module's video has captions in, so a school can check before buying. */
function CaptionNote({ languages }: { languages: ReadonlyArray<{ lang: string; label: string }> | undefined }) {
  if (!languages) return null;
  return (
    <Captions $none={languages.length === 0}>
      <CcMark aria-hidden="true">CC</CcMark>
      {languages.length === 0 ? (
        'No captions yet'
      ) : (
        <span>
          Captions:{' '}
          {languages.map((language, index) => (
            <span key={language.lang}>
              {index > 0 ? ', ' : null}
              <span lang={language.lang}>{language.label}</span>
            </span>
          ))}
        </span>
      )}
    </Captions>
  );
}

const List = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li<{ $done: boolean }>`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  align-items: center;
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};

  & > a,
  & > span:last-child {
    grid-column: 2;
    justify-self: start;
  }

  @media (min-width: 640px) {
    grid-template-columns: auto 1fr auto;
    & > a,
    & > span:last-child {
      grid-column: 3;
    }
  }
`;

const Number = styled.span<{ $done: boolean }>`
  display: grid;
  place-items: center;
  align-self: start;
  width: 36px;
  height: 36px;
  border-radius: 50%;
  background: ${({ theme, $done }) => ($done ? theme.colors.successSoft : theme.colors.accentSoft)};
  color: ${({ theme, $done }) => ($done ? theme.colors.success : theme.colors.accentHover)};
  font-weight: 700;
`;

const Text = styled.div`
  display: grid;
  gap: 2px;
  min-width: 0;

  h3 {
    font-size: ${({ theme }) => theme.fontSize.md};
  }
  p {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
`;

const Tags = styled.span`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xxs};
  margin-top: 2px;
`;

const Duration = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xxs};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-variant-numeric: tabular-nums;
`;

const Locked = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xxs};
  padding: 0.35rem 0.7rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: 600;
  white-space: nowrap;
`;

const Captions = styled.span<{ $none: boolean }>`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xxs};
  color: ${({ theme, $none }) => ($none ? theme.colors.textMuted : theme.colors.text)};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

/** The closed-captions mark, beside words that say the same (so it is hidden from screen readers). */
export const CcMark = styled.span`
  padding: 0 0.3rem;
  border: 1.5px solid currentColor;
  border-radius: ${({ theme }) => theme.radius.sm};
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: 700;
  line-height: 1.4;
`;
