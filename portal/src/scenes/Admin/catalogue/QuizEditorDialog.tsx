import type { ModuleDto, QuizEditDto, QuizInput } from '@atrium/common';
import { errorText } from '../../../api/client.ts';
import { useQuizAdmin, useQuizForEditing } from '../../../api/quizzes.ts';
import { readState } from '../../../components/QueryState.tsx';
import { useToast } from '../../../components/toast/Toaster.tsx';
import { QuizEditorView, type QuizEditorState } from './QuizEditorView.tsx';

/** Which quiz the dialog edits: a new one, or an existing one by id (its answers are read when it opens). */
export type QuizEditing = { kind: 'new' } | { kind: 'edit'; quizId: number; title: string } | null;

/** Reads the quiz being edited, saves it and says so: draws QuizEditorView. */
export function QuizEditorDialog({ courseId, modules, editing, onClose }: { courseId: number; modules: ModuleDto[]; editing: QuizEditing; onClose(): void }) {
  const quizId = editing?.kind === 'edit' ? editing.quizId : null;
  const stored = useQuizForEditing(courseId, quizId);
  const { create, update } = useQuizAdmin(courseId);
  const { toast } = useToast();

  // The kit's read state: a failed refresh keeps the quiz on screen, and only a first read that
  // failed says so.
  const state: QuizEditorState | null = editing === null ? null : editing.kind === 'new' ? { state: 'new' } : readState(stored);

  // The promise, not mutate's callbacks: saving a quiz bumps its version, which remounts the
  // editor (its key), and TanStack Query drops a mutate call's callbacks once their component has
  // unmounted, leaving the dialog open without a word.
  const save = (quiz: QuizEditDto | null, input: QuizInput, showOnFields: (error: unknown) => boolean) =>
    void (quiz ? update.mutateAsync({ id: quiz.id, input }) : create.mutateAsync(input)).then(
      (saved: QuizEditDto) => {
        toast({ title: quiz ? 'Quiz saved' : 'Quiz added', description: saved.title, variant: 'success' });
        onClose();
      },
      (error: unknown) => {
        if (showOnFields(error)) return;
        toast({
          title: quiz ? 'The quiz was not saved' : 'The quiz was not added',
          description: errorText(error, 'Please try again.'),
          variant: 'destructive',
        });
      },
    );

  return (
    <QuizEditorView
      quiz={state}
      editingTitle={editing?.kind === 'edit' ? editing.title : undefined}
      modules={modules}
      saving={create.isPending || update.isPending}
      onSave={save}
      onClose={onClose}
    />
  );
}
