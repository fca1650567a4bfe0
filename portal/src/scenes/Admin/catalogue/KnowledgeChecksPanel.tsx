import { useState } from 'react';
import { z } from 'zod';
import styled from 'styled-components';
import { passMark, quizRequired, type CourseDetailDto, type ModuleDto, type QuizSummaryDto } from '@atrium/common';
import { errorText } from '../../../api/client.ts';
import { useCourseQuizzes, useQuizAdmin } from '../../../api/quizzes.ts';
import { Badge } from '../../../components/Badge.tsx';
import { Button } from '../../../components/Button.tsx';
import { CheckboxField } from '../../../components/CheckboxField.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { TextField } from '../../../components/Field.tsx';
import { Form } from '../../../components/Form.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { Muted, PanelHeader, PanelLead, RowList } from '../../../components/Panel.ts';
import { QueryState } from '../../../components/QueryState.tsx';
import { useToast } from '../../../components/toast/Toaster.tsx';
import { useForm } from '../../../components/useForm.ts';
import { CoursePartPanel, CoursePartRow } from '../shared/adminStyles.ts';
import { EditDeleteActions } from '../shared/EditDeleteActions.tsx';
import { QuizEditorDialog, type QuizEditing } from './QuizEditorDialog.tsx';
import { useConfirmRemoval } from '../shared/useConfirmRemoval.ts';

/** The knowledge-check settings as PUT /api/courses/:id takes them (the course schema's own fields, both required here). */
const quizSettingsSchema = z.object({ passMark, quizRequired });

/** Where a quiz sits, in words: after which module, or at the end. */
export function quizPosition(quiz: Pick<QuizSummaryDto, 'afterModuleId'>, modules: ModuleDto[]): string {
  if (quiz.afterModuleId === null) return 'At the end of the course';
  const index = modules.findIndex((module) => module.id === quiz.afterModuleId);
  return index < 0 ? 'At the end of the course' : `After module ${index + 1}: ${modules[index]!.title}`;
}

/**
 * /admin/courses/:id → Knowledge checks (issue 36): the course's pass mark and whether its
 * certificate requires passing the final quiz, its quizzes in course order with add, edit and delete.
 */
export function KnowledgeChecksPanel({ course, modules }: { course: CourseDetailDto; modules: ModuleDto[] }) {
  const quizzes = useCourseQuizzes(course.id);
  const admin = useQuizAdmin(course.id);
  const [editing, setEditing] = useState<QuizEditing>(null);
  const removal = useConfirmRemoval<QuizSummaryDto>(admin.remove, { done: 'Quiz deleted', failed: 'The quiz was not deleted' });
  const list = quizzes.data?.quizzes ?? [];

  return (
    <CoursePartPanel aria-labelledby="quizzes-admin-title">
      <PanelHeader>
        <h2 id="quizzes-admin-title">Knowledge checks</h2>
        <Button size="sm" onClick={() => setEditing({ kind: 'new' })}>
          <Icon name="plus" size={18} /> Add Quiz
        </Button>
      </PanelHeader>
      <PanelLead>
        Quizzes after a module or at the end of the course. The server grades them; learners see their score and which questions they got wrong, and the right
        answers with your explanations once they pass. They may try again.
      </PanelLead>
      <QuizSettingsForm key={`${course.passMark}-${course.quizRequired}`} course={course} />

      {course.quizRequired && quizzes.isSuccess && list.length === 0 ? (
        <Warning role="note">
          <Icon name="alert" size={18} />
          The certificate requires passing the final quiz, but this course has no quiz yet: until you add one, certificates are issued when the modules are
          complete.
        </Warning>
      ) : null}

      <QueryState
        read={quizzes}
        size="panel"
        loading="Loading quizzes"
        failed="The quizzes could not be loaded."
        isEmpty={(data) => data.quizzes.length === 0}
        empty="No knowledge checks yet. Add a quiz after a module or at the end of the course."
      >
        {(data) => (
          <RowList aria-label="Quizzes in course order">
            {data.quizzes.map((quiz) => (
              <CoursePartRow key={quiz.id}>
                <div>
                  <strong>{quiz.title}</strong>
                  <Muted>
                    {quizPosition(quiz, modules)} · {quiz.questionCount} {quiz.questionCount === 1 ? 'question' : 'questions'}
                  </Muted>
                  {quiz.requiredForCertificate ? (
                    <span>
                      <Badge $tone="accent">
                        <Icon name="award" size={14} /> Final quiz: required for the certificate
                      </Badge>
                    </span>
                  ) : null}
                </div>
                <EditDeleteActions
                  title={quiz.title}
                  onEdit={() => setEditing({ kind: 'edit', quizId: quiz.id, title: quiz.title })}
                  onDelete={() => removal.ask(quiz)}
                />
              </CoursePartRow>
            ))}
          </RowList>
        )}
      </QueryState>

      <QuizEditorDialog courseId={course.id} modules={modules} editing={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        {...removal.dialog}
        title="Delete this quiz?"
        description={`“${removal.pending?.title ?? ''}” will no longer be shown to learners. Attempts already made and certificates already issued keep their record.`}
        confirmLabel="Delete quiz"
      />
    </CoursePartPanel>
  );
}

/** The course's pass mark and "certificate requires passing the final quiz" (course fields, saved with PUT /api/courses/:id). */
function QuizSettingsForm({ course }: { course: CourseDetailDto }) {
  const form = useForm({ passMark: String(course.passMark ?? 80) });
  const [required, setRequired] = useState(course.quizRequired === true);
  const { settings } = useQuizAdmin(course.id);
  const { toast } = useToast();
  const changed = form.values.passMark.trim() !== String(course.passMark ?? 80) || required !== (course.quizRequired === true);

  // The promise, not mutate's callbacks: a save changes the course, which remounts this form (its
  // key), and TanStack Query drops a mutate call's callbacks once their component has unmounted.
  const submit = form.handleSubmit(
    quizSettingsSchema,
    (input) =>
      void settings.mutateAsync(input).then(
        () => toast({ title: 'Knowledge check settings saved', description: `Pass mark ${input.passMark}%`, variant: 'success' }),
        (failure: unknown) => {
          if (!form.showServerErrors(failure))
            toast({ title: 'The settings were not saved', description: errorText(failure, 'Please try again.'), variant: 'destructive' });
        },
      ),
    // An empty or a non-numeric pass mark is refused by the schema's number (NaN is not one).
    { toInput: (values) => ({ passMark: values.passMark.trim() === '' ? Number.NaN : Number(values.passMark.trim()), quizRequired: required }) },
  );

  return (
    <Settings onSubmit={submit} noValidate aria-label="Knowledge check settings">
      <PassMark label="Pass mark (%)" inputMode="numeric" hint="The score a learner needs on each quiz, from 1 to 100." {...form.field('passMark')} />
      <CheckboxField
        name="quizRequired"
        label="Certificate requires passing the final quiz"
        hint="The certificate is issued once every module is complete and the last quiz of the course is passed. Off: quizzes are practice."
        checked={required}
        onChange={(event) => setRequired(event.currentTarget.checked)}
      />
      <div>
        <Button type="submit" size="sm" variant="secondary" disabled={settings.isPending || !changed}>
          {settings.isPending ? 'Saving…' : 'Save settings'}
        </Button>
      </div>
    </Settings>
  );
}

const Settings = styled(Form)`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

const PassMark = styled(TextField)`
  max-width: 8rem;
`;

const Warning = styled.p`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
  align-items: flex-start;
  margin-bottom: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.warningSoft};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSize.sm};

  svg {
    flex: none;
    margin-top: 2px;
    color: ${({ theme }) => theme.colors.warning};
  }
`;
