import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import type { CourseDetailDto, QuizAttemptResultDto, QuizDto } from '@atrium/common';
import { useCourse } from '../../api/courses.ts';
import { useQuiz, useRereadQuiz, useSubmitAttempt } from '../../api/quizzes.ts';
import { CourseStepGate, type StepGateWords } from '../../components/courseStep/CourseStepGate.tsx';
import { refusal } from './quizRefusal.ts';
import { QuizView } from './QuizView.tsx';

/**
 * /courses/:courseId/quizzes/:quizId: a knowledge check (issue 36, issue 50). Every question the
 * server drew for this attempt on one page; the server grades the answers, then the page shows the
 * score and each question right or wrong (the correct options and the explanations once passed),
 * and offers another try (the best score is kept), after the quiz's wait when it has one.
 */
export function QuizScene() {
  const { courseId = '', quizId = '' } = useParams();
  const course = useCourse(courseId);
  // Only a number is a quiz: anything else in the address is never sent to the server as a path.
  const wellFormed = /^\d+$/.test(quizId);
  const quiz = useQuiz(quizId, wellFormed);
  // A fresh page per quiz: answers and results never carry over to the next one.
  return (
    <CourseStepGate courseId={courseId} course={course} step={quiz} wellFormed={wellFormed} words={QUIZ_WORDS}>
      {(course, quiz) => <QuizAttemptScene key={quiz.id} course={course} quiz={quiz} />}
    </CourseStepGate>
  );
}

const QUIZ_WORDS: StepGateWords = {
  loading: 'Loading quiz',
  notFound: 'Quiz not found',
  thisStep: 'This knowledge check',
  enroll: 'Enroll to take this quiz',
  plural: 'knowledge checks',
  failed: 'This quiz could not be loaded',
};

/** One quiz's attempts: sending the answers, the graded result, and reading the quiz again after a wait. */
function QuizAttemptScene({ course, quiz }: { course: CourseDetailDto; quiz: QuizDto }) {
  const [result, setResult] = useState<QuizAttemptResultDto | null>(null);
  const [round, setRound] = useState(0);
  const submit = useSubmitAttempt(quiz);
  const refused = useMemo(() => (submit.error ? refusal(submit.error) : null), [submit.error]);
  const reopen = useRereadQuiz(quiz.id);
  return (
    <QuizView
      course={course}
      quiz={quiz}
      attempt={{ submit: (answers) => submit.mutate(answers, { onSuccess: setResult }), reset: submit.reset, pending: submit.isPending, refused }}
      result={result}
      round={round}
      onRetry={() => {
        setResult(null);
        setRound((current) => current + 1);
      }}
      onWaitOver={reopen}
    />
  );
}
