import styled from 'styled-components';
import { isNotFound } from '../../api/client.ts';
import { ButtonLink } from '../../components/Button.tsx';
import { LoadingState } from '../../components/Loading.tsx';
import { PageReadFailed, type ReadState } from '../../components/QueryState.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';

/** A course that was read but has no module to show here: the module is not part of it, or the learner is not enrolled. */
export type ModuleUnavailableContent = { kind: 'moduleMissing'; courseTitle: string } | { kind: 'notEnrolled'; courseTitle: string };

/**
 * The module page when there is no module to show: the course still loading, failed to load (the
 * kit's page-size failure, PageReadFailed) or gone, the module not part of it, or the learner not
 * enrolled. Each keeps a way back. A lesson is ModuleView's, and draws nothing here.
 */
export function ModuleUnavailable({ page, courseId }: { page: ReadState<ModuleUnavailableContent | { kind: 'lesson' }>; courseId: string }) {
  const backToCourse = `/courses/${courseId}`;
  return <Standalone>{content(page, backToCourse)}</Standalone>;
}

function content(page: ReadState<ModuleUnavailableContent | { kind: 'lesson' }>, backToCourse: string) {
  if (page.state === 'loading') {
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
  }
  if (page.state === 'failed') {
    return isNotFound(page.error) ? (
      <StatusMessage icon="book" headingLevel={1} title="Course not found" actions={<ButtonLink to="/">Back to Dashboard</ButtonLink>} />
    ) : (
      <PageReadFailed
        error={page.error}
        retry={page.retry}
        failed="This module could not be loaded"
        back={
          <ButtonLink to={backToCourse} variant="secondary">
            Back to Course
          </ButtonLink>
        }
      />
    );
  }
  const state = page.data;
  switch (state.kind) {
    case 'lesson':
      return null;
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
