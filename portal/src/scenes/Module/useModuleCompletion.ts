import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ModuleDto } from '@atrium/common';
import { errorText } from '../../api/client.ts';
import { useCompleteModule } from '../../api/progress.ts';
import { requiredQuiz, stepHref, stepIndex, whatIsLeft, type CourseStepDto } from '../../components/courseSteps.ts';
import { useToast } from '../../components/toast/Toaster.tsx';

/** SPEC §9: 1.5 s to the next module after manual completion, 2 s to /certificates at the end. */
export const NEXT_MODULE_DELAY_MS = 1500;
export const CERTIFICATES_DELAY_MS = 2000;

/**
 * Mark as Complete (SPEC §4): saves the full duration as watched, then moves on to the next step
 * (a module or a knowledge check). When the whole course is complete the certificate has been
 * issued, so the learner is taken to it; when only the required final quiz stands between them
 * and the certificate, to that quiz; when this was the last step but others are still open, to
 * the first of those.
 */
export function useModuleCompletion({
  courseId,
  module,
  steps,
  position,
  played,
}: {
  courseId: number;
  module: ModuleDto;
  /** The course's steps in order: its modules and quizzes. */
  steps: CourseStepDto[];
  position(): number;
  /** Distinct seconds played so far (issue 36): Mark as Complete does not raise them. */
  played(): number;
}) {
  const complete = useCompleteModule();
  const navigate = useNavigate();
  const { toast } = useToast();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [movingOn, setMovingOn] = useState(false);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const markComplete = () => {
    complete.mutate(
      {
        moduleId: module.id,
        courseId,
        watchedDuration: module.duration,
        playedSeconds: Math.floor(played()),
        isCompleted: true,
        position: Math.round(position()),
      },
      {
        onSuccess: (progress) => {
          if (progress.courseCompleted) {
            toast({
              title: 'Course completed!',
              description: 'Congratulations! Your certificate of completion is ready in My Certificates.',
              variant: 'success',
            });
            setMovingOn(true);
            timer.current = setTimeout(() => navigate('/certificates'), CERTIFICATES_DELAY_MS);
            return;
          }
          // What is left, said from the one rule (issue 53): this module counts as done already.
          const left = whatIsLeft(steps, { kind: 'video', id: module.id });
          const quiz = requiredQuiz(steps);
          if (progress.quizPending && quiz) {
            toast({ title: 'Module completed!', description: left || 'Pass the final knowledge check to get your certificate.', variant: 'success' });
            setMovingOn(true);
            timer.current = setTimeout(() => navigate(stepHref(courseId, quiz)), NEXT_MODULE_DELAY_MS);
            return;
          }
          // Every video (and the quiz) done, an assignment not yet (issue 37): on to the first one left.
          const assignment = steps.find((step) => step.kind === 'assignment' && !step.isCompleted);
          if (progress.assignmentsPending && assignment) {
            toast({ title: 'Module completed!', description: left || 'Complete the assignment to get your certificate.', variant: 'success' });
            setMovingOn(true);
            timer.current = setTimeout(() => navigate(stepHref(courseId, assignment)), NEXT_MODULE_DELAY_MS);
            return;
          }
          const next = steps[stepIndex(steps, 'video', module.id) + 1];
          const remaining = steps.find((step) => !(step.kind === 'video' && step.id === module.id) && !step.isCompleted);
          const target = next ?? remaining;
          toast({
            title: 'Module completed!',
            description: next
              ? next.kind === 'quiz'
                ? 'Moving on to the knowledge check…'
                : next.kind === 'assignment'
                  ? 'Moving on to the assignment…'
                  : 'Moving on to the next module…'
              : left || 'Every step is done.',
            variant: 'success',
          });
          if (target) {
            setMovingOn(true);
            timer.current = setTimeout(() => navigate(stepHref(courseId, target)), NEXT_MODULE_DELAY_MS);
          }
        },
        onError: (error) => toast({ title: 'Could not mark as complete', description: errorText(error, 'Please try again.'), variant: 'destructive' }),
      },
    );
  };

  return { markComplete, isPending: complete.isPending, completed: complete.data?.isCompleted === true, movingOn };
}
