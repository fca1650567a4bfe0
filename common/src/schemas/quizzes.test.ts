import { describe, expect, it } from 'vitest';
import type { QuizInput } from '../api/quizzes.ts';
import { quizInputSchema } from './quizzes.ts';

const valid = (): QuizInput => ({
  title: 'Check',
  afterModuleId: null,
  questions: [
    {
      type: 'single',
      prompt: 'Who signs?',
      explanation: null,
      options: [
        { text: 'Parent', correct: true },
        { text: 'Teacher', correct: false },
      ],
    },
  ],
});

/** The first sentence for each path, as the server's 400 sends them (middlewares/errors.ts). */
const problems = (input: unknown) => {
  const result = quizInputSchema.safeParse(input);
  const found: Record<string, string> = {};
  for (const issue of result.success ? [] : result.error.issues) found[issue.path.join('.')] ??= issue.message;
  return found;
};

// The quiz editor shows these sentences beside the fields their paths name, and the server sends
// the same ones, so a refusal reads alike wherever it comes from.
describe('quizInputSchema', () => {
  it('accepts a complete quiz', () => {
    expect(problems(valid())).toEqual({});
  });

  it('names every problem in one pass, each at its place and worded for the editor', () => {
    const input = valid();
    input.title = ' ';
    input.questions[0] = {
      ...input.questions[0]!,
      prompt: '',
      options: [
        { text: 'Parent', correct: false },
        { text: ' ', correct: false },
      ],
    };
    input.questions.push({
      type: 'multiple',
      prompt: 'x'.repeat(1001),
      explanation: 'y'.repeat(2001),
      options: [
        { text: '', correct: false },
        { text: 'z'.repeat(501), correct: false },
      ],
    });
    expect(problems(input)).toEqual({
      title: 'Give the quiz a title',
      'questions.0.prompt': 'Write the question',
      'questions.0.options.1.text': 'Write answer 2, or remove it',
      'questions.0.options': 'Mark the correct answer',
      'questions.1.prompt': 'The question can be at most 1,000 characters',
      'questions.1.explanation': 'The explanation can be at most 2,000 characters',
      'questions.1.options.0.text': 'Write answer 1, or remove it',
      'questions.1.options.1.text': 'An answer can be at most 500 characters',
      'questions.1.options': 'Mark at least one correct answer',
    });
  });

  it('says how many answers a question takes before which is correct', () => {
    const input = valid();
    input.questions[0]!.options = [{ text: 'Parent', correct: false }];
    expect(problems(input)).toEqual({ 'questions.0.options': 'A question needs from 2 to 8 answers' });
    input.questions[0]!.options = [
      { text: 'Parent', correct: true },
      { text: 'Teacher', correct: true },
    ];
    expect(problems(input)).toEqual({ 'questions.0.options': 'Mark exactly one correct answer' });
  });

  it('wants one question at least, and no more questions per attempt than there are', () => {
    expect(problems({ ...valid(), questions: [] })).toEqual({ questions: 'Add at least one question' });
    expect(problems({ ...valid(), questionsPerAttempt: 2 })).toEqual({
      questionsPerAttempt: 'Questions per attempt can be at most the 1 question of the quiz',
    });
  });
});
