import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { ModuleDto } from '@atrium/common';
import type { AssignmentAcceptKind, AssignmentAdminDto, AssignmentInput } from '../../../api/assignmentTypes.ts';
import { useAssignmentAdmin } from '../../../api/assignments.ts';
import { ApiError, errorText } from '../../../api/client.ts';
import { Button } from '../../../components/Button.tsx';
import { CharacterCount } from '../../../components/CharacterCount.tsx';
import { CheckboxField } from '../../../components/CheckboxField.tsx';
import { Dialog, DialogActions, DialogCancel } from '../../../components/Dialog.tsx';
import { Form, TextAreaField, TextField } from '../../../components/Field.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { useToast } from '../../../components/toast/Toaster.tsx';

export const ASSIGNMENT_LIMITS = { title: 200, instructions: 10_000, maxFiles: 20 } as const;

export const ACCEPT_CHOICES: { kind: AssignmentAcceptKind; label: string; hint: string }[] = [
  { kind: 'image', label: 'Photos', hint: 'JPEG, PNG or WebP (iPhones send JPEG), up to 25 MB each; location and camera details are removed.' },
  { kind: 'video', label: 'Videos', hint: 'MP4, MOV or WebM, up to 1 GB each.' },
  { kind: 'audio', label: 'Audio', hint: 'MP3, M4A or WAV, up to 200 MB each.' },
  { kind: 'pdf', label: 'PDFs', hint: 'Up to 25 MB each.' },
  { kind: 'link', label: 'A link', hint: 'A web address, e.g. a video on YouTube or a shared folder.' },
];

const END = 'end';

export interface AssignmentDraft {
  title: string;
  instructions: string;
  position: string;
  accepts: AssignmentAcceptKind[];
  maxFiles: string;
  approvalRequired: boolean;
}

export const blankAssignment = (): AssignmentDraft => ({
  title: '',
  instructions: '',
  position: END,
  accepts: ['image'],
  maxFiles: '5',
  approvalRequired: true,
});

export const draftFromAssignment = (assignment: AssignmentAdminDto): AssignmentDraft => ({
  title: assignment.title,
  instructions: assignment.instructions,
  position: assignment.afterModuleId === null ? END : String(assignment.afterModuleId),
  accepts: assignment.accepts,
  maxFiles: String(assignment.maxFiles),
  approvalRequired: assignment.approvalRequired,
});

/** What is wrong with the form, by field (the server checks again and answers in the same terms). */
export function assignmentErrors(draft: AssignmentDraft): Partial<Record<keyof AssignmentInput, string>> {
  const errors: Partial<Record<keyof AssignmentInput, string>> = {};
  const title = draft.title.trim();
  if (!title) errors.title = 'Enter a title';
  else if (title.length > ASSIGNMENT_LIMITS.title) errors.title = `At most ${ASSIGNMENT_LIMITS.title} characters`;
  const instructions = draft.instructions.trim();
  if (!instructions) errors.instructions = 'Say what the learner should do and send';
  else if (instructions.length > ASSIGNMENT_LIMITS.instructions) errors.instructions = 'At most 10,000 characters';
  if (draft.accepts.length === 0) errors.accepts = 'Choose at least one thing learners may send';
  const files = draft.maxFiles.trim();
  if (draft.accepts.some((kind) => kind !== 'link') && (!/^\d+$/.test(files) || Number(files) < 1 || Number(files) > ASSIGNMENT_LIMITS.maxFiles)) {
    errors.maxFiles = 'Enter a whole number from 1 to 20';
  }
  return errors;
}

export const toAssignmentInput = (draft: AssignmentDraft): AssignmentInput => ({
  title: draft.title.trim(),
  instructions: draft.instructions.trim(),
  afterModuleId: draft.position === END ? null : Number(draft.position),
  // In the order the choices are shown, whatever order they were ticked in.
  accepts: ACCEPT_CHOICES.map((choice) => choice.kind).filter((kind) => draft.accepts.includes(kind)),
  maxFiles: /^\d+$/.test(draft.maxFiles.trim()) ? Number(draft.maxFiles.trim()) : 1,
  approvalRequired: draft.approvalRequired,
});

export type AssignmentEditing = { kind: 'new' } | { kind: 'edit'; assignment: AssignmentAdminDto } | null;

/** Add or edit an assignment step: its instructions, what learners send, how many files, approval (issue 37). */
export function AssignmentEditorDialog({
  courseId,
  modules,
  editing,
  onClose,
}: {
  courseId: number;
  modules: ModuleDto[];
  editing: AssignmentEditing;
  onClose(): void;
}) {
  return (
    <Dialog
      open={editing !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      width="editor"
      title={editing?.kind === 'edit' ? `Edit “${editing.assignment.title}”` : 'Add an assignment'}
      description="Learners upload their work (photos, video, audio, PDFs) or send a link; your team reviews it from Admin → Reviews."
    >
      {editing === null ? null : (
        <AssignmentEditor
          key={editing.kind === 'edit' ? `${editing.assignment.id}-${editing.assignment.updatedAt}` : 'new'}
          courseId={courseId}
          modules={modules}
          assignment={editing.kind === 'edit' ? editing.assignment : null}
          onDone={onClose}
        />
      )}
    </Dialog>
  );
}

function AssignmentEditor({
  courseId,
  modules,
  assignment,
  onDone,
}: {
  courseId: number;
  modules: ModuleDto[];
  assignment: AssignmentAdminDto | null;
  onDone(): void;
}) {
  const [draft, setDraft] = useState<AssignmentDraft>(() => (assignment ? draftFromAssignment(assignment) : blankAssignment()));
  const [errors, setErrors] = useState<Partial<Record<keyof AssignmentInput, string>>>({});
  const { create, update } = useAssignmentAdmin(courseId);
  const { toast } = useToast();
  const saving = create.isPending || update.isPending;
  const takesFiles = draft.accepts.some((kind) => kind !== 'link');

  const change = <K extends keyof AssignmentDraft>(key: K, value: AssignmentDraft[K], field: keyof AssignmentInput) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = assignmentErrors(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const input = toAssignmentInput(draft);
    const options = {
      onSuccess: (saved: AssignmentAdminDto) => {
        toast({ title: assignment ? 'Assignment saved' : 'Assignment added', description: saved.title, variant: 'success' });
        onDone();
      },
      onError: (error: unknown) => {
        const fields = error instanceof ApiError ? error.data?.errors : undefined;
        if (fields && Object.keys(fields).length > 0) {
          setErrors(fields as Partial<Record<keyof AssignmentInput, string>>);
          return;
        }
        toast({
          title: assignment ? 'The assignment was not saved' : 'The assignment was not added',
          description: errorText(error, 'Please try again.'),
          variant: 'destructive',
        });
      },
    };
    if (assignment) update.mutate({ id: assignment.id, input }, options);
    else create.mutate(input, options);
  };

  return (
    <Form onSubmit={submit} noValidate aria-label={assignment ? `Edit ${assignment.title}` : 'New assignment'}>
      <TextField
        label="Title"
        markRequired
        autoComplete="off"
        value={draft.title}
        error={errors.title}
        onChange={(event) => change('title', event.currentTarget.value, 'title')}
      />
      <TextAreaField
        label="Instructions"
        markRequired
        rows={7}
        value={draft.instructions}
        error={errors.instructions}
        hint={
          <>
            Plain text; web addresses become links. <CharacterCount value={draft.instructions} max={ASSIGNMENT_LIMITS.instructions} />
          </>
        }
        onChange={(event) => change('instructions', event.currentTarget.value, 'instructions')}
      />
      <SelectField
        label="Position in the course"
        hint="Learners meet it after that module, in the module list and in Previous / Next."
        value={draft.position}
        error={errors.afterModuleId}
        options={[
          ...modules.map((module, index) => ({ value: String(module.id), label: `After module ${index + 1}: ${module.title}` })),
          { value: END, label: 'At the end of the course' },
        ]}
        onChange={(event) => change('position', event.currentTarget.value, 'afterModuleId')}
      />
      <Kinds aria-describedby={errors.accepts ? 'assignment-accepts-error' : undefined}>
        <legend>Learners may send</legend>
        {ACCEPT_CHOICES.map((choice) => (
          <CheckboxField
            key={choice.kind}
            name={`accepts-${choice.kind}`}
            label={choice.label}
            hint={choice.hint}
            checked={draft.accepts.includes(choice.kind)}
            onChange={(event) => {
              const on = event.currentTarget.checked;
              change('accepts', on ? [...draft.accepts, choice.kind] : draft.accepts.filter((kind) => kind !== choice.kind), 'accepts');
            }}
          />
        ))}
        {errors.accepts ? (
          <ErrorLine id="assignment-accepts-error" role="alert">
            {errors.accepts}
          </ErrorLine>
        ) : null}
      </Kinds>
      {takesFiles ? (
        <Narrow
          label="Most files per submission"
          inputMode="numeric"
          hint="From 1 to 20."
          value={draft.maxFiles}
          error={errors.maxFiles}
          onChange={(event) => change('maxFiles', event.currentTarget.value, 'maxFiles')}
        />
      ) : null}
      <CheckboxField
        name="approvalRequired"
        label="Approval required to complete the step"
        hint="On: the step (and the certificate) waits until a reviewer approves. Off: submitting completes it; you may still send feedback."
        checked={draft.approvalRequired}
        onChange={(event) => change('approvalRequired', event.currentTarget.checked, 'approvalRequired')}
      />
      <DialogActions>
        <DialogCancel>
          <Button variant="secondary">Cancel</Button>
        </DialogCancel>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving…' : assignment ? 'Save assignment' : 'Add assignment'}
        </Button>
      </DialogActions>
    </Form>
  );
}

const Kinds = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  border: 0;

  legend {
    margin-bottom: ${({ theme }) => theme.space.xs};
    font-weight: 600;
  }
`;

const ErrorLine = styled.p`
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: 600;
`;

const Narrow = styled(TextField)`
  max-width: 8rem;
`;
