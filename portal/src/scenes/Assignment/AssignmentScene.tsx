import { useParams } from 'react-router';
import type { CourseDetailDto } from '@atrium/common';
import type { AssignmentDto } from '../../api/assignmentTypes.ts';
import { useAssignment, useAssignmentActions } from '../../api/assignments.ts';
import { errorText } from '../../api/client.ts';
import { useCourse } from '../../api/courses.ts';
import { useToast } from '../../components/toast/Toaster.tsx';
import { useLeaveGuard } from '../../components/useLeaveGuard.ts';
import { CourseStepGate, type StepGateWords } from '../../components/courseStep/CourseStepGate.tsx';
import { AssignmentView } from './AssignmentView.tsx';
import { useUploads } from './useUploads.ts';

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
      {(course, assignment) => <AssignmentWorkScene key={assignment.id} course={course} assignment={assignment} />}
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

/** One assignment's writes: the draft's fields and files, the uploads, submitting and withdrawing, each told in a toast. */
function AssignmentWorkScene({ course, assignment }: { course: CourseDetailDto; assignment: AssignmentDto }) {
  const actions = useAssignmentActions(assignment);
  const { toast } = useToast();
  const uploads = useUploads(assignment.id, () => actions.refresh());
  useLeaveGuard(
    uploads.items.some((item) => item.state === 'uploading' || item.state === 'retrying'),
    'An upload is still in progress. Leave this page? It pauses, and carries on from where it stopped when you come back.',
  );
  return (
    <AssignmentView
      course={course}
      assignment={assignment}
      work={{
        saveDraft: async (fields) => void (await actions.saveDraft.mutateAsync(fields)),
        removeFile: (file) =>
          actions.removeFile.mutateAsync(file.id).then(
            () => undefined,
            (error: unknown) => {
              toast({ title: 'The file was not removed', description: errorText(error, 'Please try again.'), variant: 'destructive' });
            },
          ),
        submit: async (prepare) => {
          try {
            if (!(await prepare())) return;
            const result = await actions.submit.mutateAsync();
            toast({
              title: result.courseCompleted ? 'Course completed!' : 'Submitted',
              description: result.courseCompleted
                ? 'Congratulations! Your certificate is ready in My Certificates.'
                : assignment.approvalRequired
                  ? 'Our team will review it and write to you.'
                  : 'This step is complete.',
              variant: 'success',
            });
          } catch (error) {
            toast({ title: 'Not submitted', description: errorText(error, 'Please try again.'), variant: 'destructive' });
          }
        },
        submitting: actions.submit.isPending,
        // The promise, not mutate's callbacks: the withdrawn round comes back as a draft, and
        // TanStack Query drops a mutate call's callbacks once their component has unmounted.
        withdraw: () =>
          void actions.withdraw.mutateAsync(undefined).then(
            () => toast({ title: 'Submission withdrawn', description: 'Change what you need, then submit again.', variant: 'success' }),
            (error: unknown) => toast({ title: 'Not withdrawn', description: errorText(error, 'Please try again.'), variant: 'destructive' }),
          ),
        withdrawing: actions.withdraw.isPending,
        uploads,
      }}
    />
  );
}
