import type { CourseDetailDto, QuizAttemptResultDto, QuizDto } from '@atrium/common';

// One course with its final knowledge check, and two attempts at it: what QuizView's stories draw
// and what QuizScene's tests answer from the mocked API.

export const course: CourseDetailDto = {
  id: 5,
  title: 'Photos that do not identify children',
  description: 'Consent, framing and what never to publish.',
  price: 0,
  thumbnail: null,
  salesVideoId: null,
  totalModules: 2,
  totalDuration: 1260,
  totalSteps: 3,
  isEnrolled: true,
  completedModules: 2,
  completedSteps: 2,
  progressPercentage: 66,
  lastWatchedModule: null,
  passMark: 80,
  quizRequired: true,
  modules: [
    { id: 11, courseId: 5, title: 'Consent basics', description: '', duration: 540, orderIndex: 1, isCompleted: true },
    { id: 12, courseId: 5, title: 'Photographing groups', description: '', duration: 720, orderIndex: 2, isCompleted: true },
  ],
  steps: [
    { kind: 'video', id: 11, title: 'Consent basics', isCompleted: true, duration: 540 },
    { kind: 'video', id: 12, title: 'Photographing groups', isCompleted: true, duration: 720 },
    { kind: 'quiz', id: 40, title: 'Final check', isCompleted: false, questionCount: 3, bestScore: null, requiredForCertificate: true },
  ],
};

export const quiz: QuizDto = {
  id: 40,
  courseId: 5,
  courseTitle: course.title,
  title: 'Final check',
  afterModuleId: null,
  passMark: 80,
  requiredForCertificate: true,
  bestScore: null,
  passed: false,
  attemptCount: 0,
  retryWaitMinutes: 20,
  retryAt: null,
  retryInSeconds: 0,
  questions: [
    {
      id: 'q1',
      type: 'single',
      prompt: 'Who signs the photo consent form for a pupil?',
      options: [
        { id: 'a', text: 'The parent or carer' },
        { id: 'b', text: 'The class teacher' },
      ],
    },
    {
      id: 'q2',
      type: 'multiple',
      prompt: 'Which of these photos need consent before they go on the website?',
      options: [
        { id: 'c', text: 'A named child holding a certificate' },
        { id: 'd', text: 'A child’s face in a crowd at sports day' },
        { id: 'e', text: 'An empty classroom' },
      ],
    },
    {
      id: 'q3',
      type: 'truefalse',
      prompt: 'Consent given in Reception lasts until the child leaves the school.',
      options: [
        { id: 't', text: 'True' },
        { id: 'f', text: 'False' },
      ],
    },
  ],
};

export const chosen: Record<string, string[]> = { q1: ['a'], q2: ['c'], q3: ['f'] };
const correctIds: Record<string, string[]> = { q1: ['a'], q2: ['c', 'd'], q3: ['f'] };
const explanations: Record<string, string | null> = {
  q1: null,
  q2: 'Any child who can be recognised needs consent, named or not.',
  q3: 'Ask again every year.',
};

/** An attempt's results as the server sends them: the key only when it is shown (issue 50). */
const results = (keyShown: boolean) =>
  quiz.questions.map((question) => ({
    questionId: question.id,
    prompt: question.prompt,
    type: question.type,
    selectedOptionIds: keyShown ? correctIds[question.id]! : chosen[question.id]!,
    correct: keyShown || question.id !== 'q2',
    ...(keyShown
      ? {
          options: question.options.map((option) => ({ ...option, correct: correctIds[question.id]!.includes(option.id) })),
          explanation: explanations[question.id],
        }
      : { options: question.options }),
  }));

export const notPassed: QuizAttemptResultDto = {
  attempt: {
    id: 900,
    quizId: 40,
    score: 66,
    correctCount: 2,
    questionCount: 3,
    passed: false,
    submittedAt: '2026-11-20T09:58:00.000Z',
    keyShown: false,
    results: results(false),
  },
  bestScore: 66,
  passed: false,
  courseCompleted: false,
  certificateNumber: null,
  retryAt: '2026-11-20T10:18:00.000Z',
  retryInSeconds: 1080,
};

export const passed: QuizAttemptResultDto = {
  attempt: { ...notPassed.attempt, id: 901, score: 100, correctCount: 3, passed: true, keyShown: true, results: results(true) },
  bestScore: 100,
  passed: true,
  courseCompleted: true,
  certificateNumber: 'ATR-7F3K-9Q2M-4X8C-1D2E',
  retryAt: null,
  retryInSeconds: 0,
};
