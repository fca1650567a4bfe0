import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import styled from 'styled-components';
import type { CourseDetailDto } from '@atrium/common';
import { ApiError, failedWithNothingToShow, isNotFound } from '../../api/client.ts';
import { ButtonLink } from '../Button.tsx';
import { LoadingState } from '../Loading.tsx';
import { PageReadFailed } from '../QueryState.tsx';
import { StatusMessage } from '../StatusMessage.tsx';

/** How a kind of step names itself in the gate's messages. */
export interface StepGateWords {
  /** "Loading quiz" */
  loading: string;
  /** "Quiz not found" */
  notFound: string;
  /** "This knowledge check", as in "… is not part of <course>" */
  thisStep: string;
  /** "Enroll to take this quiz" */
  enroll: string;
  /** "knowledge checks", as in "The … of <course> open once you are enrolled" */
  plural: string;
  /** "This quiz could not be loaded" */
  failed: string;
}

/**
 * A knowledge check's or an assignment's page until there is a step to show (issues 36, 37):
 * loading, the course or the step gone or not of this course, not enrolled, or a failed load with
 * Try again. Each keeps a way back; `children` gets the course and the step once both are here.
 */
export function CourseStepGate<Step extends { id: number; courseId: number }>({
  courseId,
  course,
  step,
  wellFormed,
  words,
  children,
}: {
  /** The course in the address. */
  courseId: string;
  course: UseQueryResult<CourseDetailDto>;
  step: UseQueryResult<Step>;
  /** The step's id in the address is a number (anything else is never asked for). */
  wellFormed: boolean;
  words: StepGateWords;
  children(course: CourseDetailDto, step: Step): ReactNode;
}) {
  const backToCourse = `/courses/${courseId}`;
  const back = (
    <ButtonLink to={backToCourse} variant="secondary">
      Back to Course
    </ButtonLink>
  );
  if (course.isPending) return <Loading label={words.loading} />;
  if (failedWithNothingToShow(course)) {
    return (
      <Standalone>
        {isNotFound(course.error) ? (
          <StatusMessage icon="book" headingLevel={1} title="Course not found" actions={<ButtonLink to="/">Back to Dashboard</ButtonLink>} />
        ) : (
          <PageReadFailed failed={words.failed} error={course.error} retry={() => void course.refetch()} back={back} />
        )}
      </Standalone>
    );
  }
  const missing = (
    <Standalone>
      <StatusMessage icon="layers" headingLevel={1} title={words.notFound} actions={<ButtonLink to={backToCourse}>Back to Course</ButtonLink>}>
        <p>
          {words.thisStep} is not part of {course.data.title}. It may have been removed.
        </p>
      </StatusMessage>
    </Standalone>
  );
  if (!wellFormed) return missing;
  if (step.isPending) return <Loading label={words.loading} />;
  if (failedWithNothingToShow(step)) {
    const status = step.error instanceof ApiError ? step.error.status : 0;
    if (status === 404) return missing;
    return (
      <Standalone>
        {status === 403 ? (
          <StatusMessage icon="lock" headingLevel={1} title={words.enroll} actions={<ButtonLink to={backToCourse}>Back to Course</ButtonLink>}>
            <p>
              The {words.plural} of {course.data.title} open once you are enrolled.
            </p>
          </StatusMessage>
        ) : (
          <PageReadFailed failed={words.failed} error={step.error} retry={() => void step.refetch()} back={back} />
        )}
      </Standalone>
    );
  }
  if (step.data.courseId !== course.data.id) return missing;
  return children(course.data, step.data);
}

function Loading({ label }: { label: string }) {
  return (
    <Standalone>
      <LoadingState label={label} />
    </Standalone>
  );
}

const Standalone = styled.main`
  flex: 1;
  padding: ${({ theme }) => theme.space.xxl} ${({ theme }) => theme.space.md};
`;
