import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QuizAttemptResultDto, QuizDto, QuizEditDto, QuizInput, QuizSummaryDto } from '@atrium/common';
import { api } from './client.ts';
import { CHANGES, invalidatePaths } from './invalidate.ts';

export const quizKey = (quizId: number | string) => [`/api/quizzes/${quizId}`] as const;
const courseQuizzesPath = (courseId: number | string) => `/api/courses/${courseId}/quizzes`;

/** A quiz as the learner takes it: questions without their answers, the caller's best score. */
export const useQuiz = (quizId: number | string, enabled = true) => useQuery<QuizDto>({ queryKey: quizKey(quizId), enabled });

/** Reads the quiz again, once the wait before another attempt is over (the server says when it may be taken). */
export function useRereadQuiz(quizId: number) {
  const queryClient = useQueryClient();
  return useCallback(() => invalidatePaths(queryClient, [quizKey(quizId)[0]]), [queryClient, quizId]);
}

/** A course's quizzes in step order (the admin's list; learners read them as the course's steps). */
export const useCourseQuizzes = (courseId: number) => useQuery<{ quizzes: QuizSummaryDto[] }>({ queryKey: [courseQuizzesPath(courseId)] });

/** The admin's copy of a quiz, with the correct options and explanations; read only while editing it. */
export const useQuizForEditing = (courseId: number, quizId: number | null) =>
  useQuery<QuizEditDto>({ queryKey: [`${courseQuizzesPath(courseId)}/${quizId}`], enabled: quizId !== null });

export interface QuizAnswers {
  answers: { questionId: string; optionIds: string[] }[];
}

/**
 * Submits an attempt. The server grades it; the answer moves the course's steps and progress, the
 * dashboard, and the certificates when this pass completed the course.
 */
export function useSubmitAttempt(quiz: { id: number; courseId: number }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: QuizAnswers) => api.post<QuizAttemptResultDto>(`/api/quizzes/${quiz.id}/attempts`, answers),
    onSuccess: (result) => {
      // The best score and the pass show at once; the refetch confirms them.
      queryClient.setQueryData<QuizDto>(quizKey(quiz.id), (current) =>
        current ? { ...current, bestScore: result.bestScore, passed: result.passed, attemptCount: current.attemptCount + 1 } : current,
      );
      return invalidatePaths(queryClient, CHANGES.quizAttempt(quiz.id, quiz.courseId));
    },
  });
}

/** What an admin may change about a course's knowledge checks (course fields, PUT /api/courses/:id). */
export interface QuizSettings {
  passMark: number;
  quizRequired: boolean;
}

/** The admin's writes on a course's quizzes and its pass-mark settings; each refreshes the course's steps everywhere. */
export function useQuizAdmin(courseId: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => invalidatePaths(queryClient, CHANGES.quizzes(courseId));
  const create = useMutation({
    mutationFn: (input: QuizInput) => api.post<QuizEditDto>(courseQuizzesPath(courseId), input),
    onSuccess,
  });
  const update = useMutation({
    mutationFn: ({ id, input }: { id: number; input: QuizInput }) => api.put<QuizEditDto>(`${courseQuizzesPath(courseId)}/${id}`, input),
    onSuccess,
  });
  const remove = useMutation({ mutationFn: (id: number) => api.delete(`${courseQuizzesPath(courseId)}/${id}`), onSuccess });
  const settings = useMutation({
    mutationFn: (fields: QuizSettings) => api.put(`/api/courses/${courseId}`, fields),
    onSuccess,
  });
  return { create, update, remove, settings };
}
