import styled from 'styled-components';
import { errorText, isNotFound } from '../../api/client.ts';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { LoadingState } from '../../components/Loading.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';

/**
 * The module page when there is no module to show: still loading, the course failed to load or
 * is gone, the module is not part of it, or the learner is not enrolled. Each keeps a way back.
 */
export type ModuleUnavailableState =
  | { kind: 'loading' }
  | { kind: 'error'; error: Error; retry(): void }
  | { kind: 'moduleMissing'; courseTitle: string }
  | { kind: 'notEnrolled'; courseTitle: string };

export function ModuleUnavailable({ state, courseId }: { state: ModuleUnavailableState; courseId: string }) {
  const backToCourse = `/courses/${courseId}`;
  return <Standalone>{content(state, backToCourse)}</Standalone>;
}

function content(state: ModuleUnavailableState, backToCourse: string) {
  switch (state.kind) {
    case 'loading':
      return (
        <>
          <LoadingState label="Loading module" />
          <Centre>
            <ButtonLink to={backToCourse} variant="secondary">
              Back to Course
            </ButtonLink>
          </Centre>
        </>
      );
    case 'error':
      return isNotFound(state.error) ? (
        <StatusMessage icon="book" headingLevel={1} title="Course not found" actions={<ButtonLink to="/">Back to Dashboard</ButtonLink>} />
      ) : (
        <StatusMessage
          icon="alert"
          tone="danger"
          headingLevel={1}
          title="This module could not be loaded"
          actions={
            <>
              <Button onClick={state.retry}>Try again</Button>
              <ButtonLink to={backToCourse} variant="secondary">
                Back to Course
              </ButtonLink>
            </>
          }
        >
          <p>{errorText(state.error, 'Please try again.')}</p>
        </StatusMessage>
      );
    case 'moduleMissing':
      return (
        <StatusMessage icon="layers" headingLevel={1} title="Module not found" actions={<ButtonLink to={backToCourse}>Back to Course</ButtonLink>}>
          <p>This module is not part of {state.courseTitle}.</p>
        </StatusMessage>
      );
    case 'notEnrolled':
      return (
        <StatusMessage icon="lock" headingLevel={1} title="Enroll to watch this module" actions={<ButtonLink to={backToCourse}>Back to Course</ButtonLink>}>
          <p>Modules open once you are enrolled in {state.courseTitle}.</p>
        </StatusMessage>
      );
  }
}

const Standalone = styled.main`
  flex: 1;
  padding: ${({ theme }) => theme.space.xxl} ${({ theme }) => theme.space.md};
`;

const Centre = styled.div`
  display: flex;
  justify-content: center;
`;
