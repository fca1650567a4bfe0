import { useParams } from 'react-router';
import { useAssignment } from '../../api/assignments.ts';
import { useCourse } from '../../api/courses.ts';
import { CourseStepGate, type StepGateWords } from '../Module/CourseStepGate.tsx';
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
  return (
    <CourseStepGate courseId={courseId} course={course} step={assignment} wellFormed={wellFormed} words={ASSIGNMENT_WORDS}>
      {(course, assignment) => <AssignmentView key={assignment.id} course={course} assignment={assignment} />}
    </CourseStepGate>
  );
}

const ASSIGNMENT_WORDS: StepGateWords = {
  loading: 'Loading assignment',
  notFound: 'Assignment not found',
  thisStep: 'This assignment',
  enroll: 'Enroll to do this assignment',
  plural: 'assignments',
  failed: 'This assignment could not be loaded',
};
