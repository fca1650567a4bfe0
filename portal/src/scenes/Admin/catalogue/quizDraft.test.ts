import { describe, expect, it } from 'vitest';
import { quizInputSchema } from '@atrium/common';
import { issuesToErrors } from '../../../components/useForm.ts';
import { blankOption, blankQuestion, describePath, moved, toInput, withCorrect, withType, type QuizDraft } from './quizDraft.ts';

const valid = (): QuizDraft => {
  const question = blankQuestion('single');
  question.prompt = 'Who signs?';
  question.options = [blankOption('Parent', true), blankOption('Teacher')];
  return { title: 'Check', afterModuleId: 'end', questions: [question], questionsPerAttempt: '', shuffleOptions: false, retryWaitMinutes: '' };
};

/** What the editor shows on submit (useForm's handleSubmit): common's schema on the draft as sent, each problem at its place. */
const draftErrors = (draft: QuizDraft) => {
  const result = quizInputSchema.safeParse(toInput(draft));
  return result.success ? {} : issuesToErrors(result.error.issues, draft);
};

describe('the quiz editor’s draft', () => {
  it('checks the attempt settings by the API’s schema: a whole number of questions no more than there are, a wait of 0 to a week', () => {
    expect(draftErrors({ ...valid(), questionsPerAttempt: '2' })).toEqual({
      questionsPerAttempt: 'Questions per attempt can be at most the 1 question of the quiz',
    });
    expect(draftErrors({ ...valid(), questionsPerAttempt: 'two' }).questionsPerAttempt).toMatch(/whole number from 1 to 50/);
    expect(draftErrors({ ...valid(), retryWaitMinutes: '1.5' }).retryWaitMinutes).toMatch(/whole number of minutes from 0 to 10,080/);
    expect(draftErrors({ ...valid(), questionsPerAttempt: ' 1 ', retryWaitMinutes: '0', shuffleOptions: true })).toEqual({});
    expect(toInput({ ...valid(), questionsPerAttempt: ' 1 ', retryWaitMinutes: '45', shuffleOptions: true })).toMatchObject({
      questionsPerAttempt: 1,
      retryWaitMinutes: 45,
      shuffleOptions: true,
    });
  });

  it('accepts a complete quiz and sends it without local keys, trimmed, explanation null when empty', () => {
    const draft = valid();
    draft.title = '  Check ';
    expect(draftErrors(draft)).toEqual({});
    expect(toInput(draft)).toEqual({
      title: 'Check',
      afterModuleId: null,
      questionsPerAttempt: null,
      shuffleOptions: false,
      retryWaitMinutes: 0,
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
    expect(toInput({ ...draft, afterModuleId: '12' }).afterModuleId).toBe(12);
  });

  it('keeps the server’s ids of questions and options on an edit', () => {
    const draft = valid();
    draft.questions[0]!.id = 'q1';
    draft.questions[0]!.options[0]!.id = 'o1';
    const [question] = toInput(draft).questions;
    expect(question!.id).toBe('q1');
    expect(question!.options[0]).toEqual({ id: 'o1', text: 'Parent', correct: true });
    expect(question!.options[1]).not.toHaveProperty('id');
  });

  it('names each problem the server would refuse', () => {
    const draft = valid();
    draft.title = ' ';
    draft.questions[0]!.prompt = '';
    draft.questions[0]!.options = [blankOption('Parent'), blankOption('')];
    draft.questions.push({ ...blankQuestion('multiple'), prompt: 'x'.repeat(1001) });
    expect(draftErrors(draft)).toEqual({
      title: 'Give the quiz a title',
      'questions.0.prompt': 'Write the question',
      'questions.0.options.1.text': 'Write answer 2, or remove it',
      'questions.0.options': 'Mark the correct answer',
      'questions.1.prompt': 'The question can be at most 1,000 characters',
      'questions.1.options.0.text': 'Write answer 1, or remove it',
      'questions.1.options.1.text': 'Write answer 2, or remove it',
      'questions.1.options': 'Mark at least one correct answer',
    });
    expect(draftErrors({ ...valid(), questions: [] })).toEqual({ questions: 'Add at least one question' });
  });

  it('a single-choice question takes one correct answer, a multiple-choice one several', () => {
    const single = valid().questions[0]!;
    const second = single.options[1]!.key;
    expect(withCorrect(single, second, true).options.map((option) => option.correct)).toEqual([false, true]);
    const multiple = withType(single, 'multiple');
    expect(withCorrect(multiple, second, true).options.map((option) => option.correct)).toEqual([true, true]);
    // Back to single choice: only the first correct answer stays marked.
    expect(withType(withCorrect(multiple, second, true), 'single').options.map((option) => option.correct)).toEqual([true, false]);
  });

  it('true/false has its two fixed answers, none marked until the admin chooses', () => {
    const question = withType(valid().questions[0]!, 'truefalse');
    expect(question.options.map((option) => [option.text, option.correct])).toEqual([
      ['True', false],
      ['False', false],
    ]);
    expect(draftErrors({ ...valid(), questions: [{ ...question, prompt: 'Consent lasts forever.' }] })).toEqual({
      'questions.0.options': 'Mark the correct answer',
    });
  });

  it('moves a question by one place and not past either end', () => {
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });

  it('names a problem’s place in words', () => {
    expect(describePath('questions.2.options.0.text')).toBe('Question 3, answer 1');
    expect(describePath('questions.0.options')).toBe('Question 1, the answers');
    expect(describePath('title')).toBe('Title');
  });
});
