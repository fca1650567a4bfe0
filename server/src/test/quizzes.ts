import type { QuizEditDto, QuizInput } from '@atrium/common';
import type { TestClient } from './client.ts';

/** Two single-choice questions: one right scores 50, both right 100. */
export const TWO_QUESTIONS: QuizInput = {
  title: 'Final check',
  afterModuleId: null,
  questions: [
    {
      type: 'single',
      prompt: 'Who do you tell first?',
      options: [
        { text: 'The designated safeguarding lead', correct: true },
        { text: 'Nobody', correct: false },
      ],
    },
    {
      type: 'truefalse',
      prompt: 'You may promise to keep a secret.',
      options: [
        { text: 'True', correct: false },
        { text: 'False', correct: true },
      ],
    },
  ],
};

/** A quiz added by an admin through the API (at the end of the course unless placed). */
export async function addQuiz(admin: TestClient, courseId: number, input: Partial<QuizInput> = {}): Promise<QuizEditDto> {
  const created = await admin.post<QuizEditDto>(`/api/courses/${courseId}/quizzes`, { ...TWO_QUESTIONS, ...input });
  if (created.status !== 201) throw new Error(`quiz not created: ${created.status} ${created.text}`);
  return created.body;
}

/** One attempt through the API answering the first `right` questions correctly. */
export async function takeQuiz(client: TestClient, quiz: QuizEditDto, right: number): Promise<void> {
  const answers = quiz.questions.map((question, index) => ({
    questionId: question.id,
    optionIds: [question.options.find((option) => option.correct === index < right)!.id],
  }));
  const response = await client.post(`/api/quizzes/${quiz.id}/attempts`, { answers });
  if (response.status !== 201) throw new Error(`attempt refused: ${response.status} ${response.text}`);
}
