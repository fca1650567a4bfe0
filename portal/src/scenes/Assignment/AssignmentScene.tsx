import { useParams } from 'react-router';
import styled from 'styled-components';
import { ApiError, errorText, isNotFound } from '../../api/client.ts';
import { useAssignment } from '../../api/assignments.ts';
import { useCourse } from '../../api/courses.ts';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { LoadingState } from '../../components/Loading.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import { AssignmentView } from './AssignmentView.tsx';

/**
 * /courses/:courseId/assignments/:assignmentId: an assignment step (issue 37). The learner reads
 * the instructions, uploads files (resumably), adds a note or a link and submits; the page then
 * shows where the submission stands, the reviewer's feedback and the earlier rounds.
 */
export function AssignmentScene() {
  const { courseId = '', assignmentId = '' } = useParams();
  const course = useCourse(courseId);
  // Only a number is an assignment: anything else in the address is never sent to the server as a path.
  const wellFormed = /^\d+$/.test(assignmentId);
  const assignment = useAssignment(assignmentId, wellFormed);
  const backToCourse = `/courses/${courseId}`;

  const loading = (
    <Standalone>
      <LoadingState label="Loading assignment" />
    </Standalone>
  );
  if (course.isPending) return loading;
  if (course.isError) {
    return (
      <Standalone>
        {isNotFound(course.error) ? (
          <StatusMessage icon="book" headingLevel={1} title="Course not found" actions={<ButtonLink to="/">Back to Dashboard</ButtonLink>} />
        ) : (
          <LoadFailed error={course.error} retry={() => void course.refetch()} backTo={backToCourse} />
        )}
      </Standalone>
    );
  }
  if (!wellFormed) {
    return (
      <Standalone>
        <AssignmentMissing courseTitle={course.data.title} backTo={backToCourse} />
      </Standalone>
    );
  }
  if (assignment.isPending) return loading;
  if (assignment.isError) {
    const status = assignment.error instanceof ApiError ? assignment.error.status : 0;
    return (
      <Standalone>
        {status === 404 ? (
          <AssignmentMissing courseTitle={course.data.title} backTo={backToCourse} />
        ) : status === 403 ? (
          <StatusMessage icon="lock" headingLevel={1} title="Enroll to do this assignment" actions={<ButtonLink to={backToCourse}>Back to Course</ButtonLink>}>
            <p>The assignments of {course.data.title} open once you are enrolled.</p>
          </StatusMessage>
        ) : (
          <LoadFailed error={assignment.error} retry={() => void assignment.refetch()} backTo={backToCourse} />
        )}
      </Standalone>
    );
  }
  if (assignment.data.courseId !== course.data.id) {
    return (
      <Standalone>
        <AssignmentMissing courseTitle={course.data.title} backTo={backToCourse} />
      </Standalone>
    );
  }
  return <AssignmentView key={assignment.data.id} course={course.data} assignment={assignment.data} />;
}

function AssignmentMissing({ courseTitle, backTo }: { courseTitle: string; backTo: string }) {
  return (
    <StatusMessage icon="layers" headingLevel={1} title="Assignment not found" actions={<ButtonLink to={backTo}>Back to Course</ButtonLink>}>
      <p>This assignment is not part of {courseTitle}. It may have been removed.</p>
    </StatusMessage>
  );
}

function LoadFailed({ error, retry, backTo }: { error: Error; retry(): void; backTo: string }) {
  return (
    <StatusMessage
      icon="alert"
      tone="danger"
      headingLevel={1}
      title="This assignment could not be loaded"
      actions={
        <>
          <Button onClick={retry}>Try again</Button>
          <ButtonLink to={backTo} variant="secondary">
            Back to Course
          </ButtonLink>
        </>
      }
    >
      <p>{errorText(error, 'Please try again.')}</p>
    </StatusMessage>
  );
}

const Standalone = styled.main`
  flex: 1;
  padding: ${({ theme }) => theme.space.xxl} ${({ theme }) => theme.space.md};
`;
