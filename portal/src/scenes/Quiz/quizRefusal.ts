import { ApiError, errorText } from '../../api/client.ts';

/** What the learner is told when an answer was refused: the server's reason, and what to do about it. */
export function refusal(error: unknown): { title: string; text: string } {
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 429) {
    return {
      title: 'Too many attempts for now',
      text: `${errorText(error, 'Please wait a few minutes, then submit again.')} Your answers are kept on this page.`,
    };
  }
  if (status === 400) return { title: 'Your answers were not accepted', text: errorText(error, 'Please check every question and submit again.') };
  if (status === 403) return { title: 'You cannot take this quiz', text: errorText(error, 'Enroll in the course to take its knowledge checks.') };
  if (status === 404) return { title: 'This quiz is no longer available', text: 'It may have been removed. Go back to the course to see its steps.' };
  return { title: 'Your answers were not sent', text: errorText(error, 'Check your connection and submit again; your answers are kept on this page.') };
}
