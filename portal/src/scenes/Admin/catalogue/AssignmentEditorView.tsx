import styled from 'styled-components';
import { ASSIGNMENT_INSTRUCTIONS_MAX, ASSIGNMENT_MAX_FILES_MAX, assignmentInputSchema, type AssignmentInput, type ModuleDto } from '@atrium/common';
import type { AssignmentAcceptKind, AssignmentAdminDto } from '../../../api/assignmentTypes.ts';
import { CharacterCount } from '../../../components/CharacterCount.tsx';
import { CheckboxField } from '../../../components/CheckboxField.tsx';
import { Dialog, DialogButtons, DialogRefusal } from '../../../components/Dialog.tsx';
import { Form, TextAreaField, TextField } from '../../../components/Field.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { useForm } from '../../../components/useForm.ts';

export const ACCEPT_CHOICES: { kind: AssignmentAcceptKind; label: string; hint: string }[] = [
  { kind: 'image', label: 'Photos', hint: 'JPEG, PNG or WebP (iPhones send JPEG), up to 25 MB each; location and camera details are removed.' },
  { kind: 'video', label: 'Videos', hint: 'MP4, MOV or WebM, up to 1 GB each.' },
  { kind: 'audio', label: 'Audio', hint: 'MP3, M4A or WAV, up to 200 MB each.' },
  { kind: 'pdf', label: 'PDFs', hint: 'Up to 25 MB each.' },
  { kind: 'link', label: 'A link', hint: 'A web address, e.g. a video on YouTube or a shared folder.' },
];

const END = 'end';

/**
 * The form's fields as typed (useForm's strings): where it sits (a module's id or END), the kinds
 * learners may send as a comma list, approval as 'true' or 'false'.
 */
type AssignmentValues = Record<'title' | 'instructions' | 'afterModuleId' | 'accepts' | 'maxFiles' | 'approvalRequired', string>;

const blankAssignment: AssignmentValues = { title: '', instructions: '', afterModuleId: END, accepts: 'image', maxFiles: '5', approvalRequired: 'true' };

const valuesOf = (assignment: AssignmentAdminDto): AssignmentValues => ({
  title: assignment.title,
  instructions: assignment.instructions,
  afterModuleId: assignment.afterModuleId === null ? END : String(assignment.afterModuleId),
  accepts: assignment.accepts.join(','),
  maxFiles: String(assignment.maxFiles),
  approvalRequired: String(assignment.approvalRequired),
});

const acceptedKinds = (values: AssignmentValues): AssignmentAcceptKind[] =>
  // In the order the choices are shown, whatever order they were ticked in.
  ACCEPT_CHOICES.map((choice) => choice.kind).filter((kind) => values.accepts.split(',').includes(kind));

/** The fields as the API takes them, for assignmentInputSchema to judge (the server checks again with it). */
function toInput(values: AssignmentValues) {
  const accepts = acceptedKinds(values);
  const typed = values.maxFiles.trim();
  const files = /^\d+$/.test(typed) ? Number(typed) : Number.NaN;
  return {
    title: values.title,
    instructions: values.instructions,
    afterModuleId: values.afterModuleId === END ? null : Number(values.afterModuleId),
    accepts,
    // Only work with files asks how many; a link-only step keeps a number the schema takes.
    maxFiles: accepts.some((kind) => kind !== 'link') ? files : files >= 1 && files <= ASSIGNMENT_MAX_FILES_MAX ? files : 1,
    approvalRequired: values.approvalRequired === 'true',
  };
}

export type AssignmentEditing = { kind: 'new' } | { kind: 'edit'; assignment: AssignmentAdminDto } | null;

export interface AssignmentEditorViewProps {
  /** Closed when null. */
  editing: AssignmentEditing;
  modules: ModuleDto[];
  saving: boolean;
  /** Why the last save was refused, when no field explains it (the server's sentence). */
  refusal: string | null;
  /**
   * Saves the step, checked by common's assignmentInputSchema. A refusal goes first to
   * `showOnFields` (the form's showServerErrors: true when the server named fields the form has),
   * else to `refusal`.
   */
  onSave(assignment: AssignmentAdminDto | null, input: AssignmentInput, showOnFields: (error: unknown) => boolean): void;
  onClose(): void;
}

/** Add or edit an assignment step: its instructions, what learners send, how many files, approval (issue 37). */
export function AssignmentEditorView({ editing, modules, saving, refusal, onSave, onClose }: AssignmentEditorViewProps) {
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
          modules={modules}
          assignment={editing.kind === 'edit' ? editing.assignment : null}
          saving={saving}
          refusal={refusal}
          onSave={onSave}
        />
      )}
    </Dialog>
  );
}

function AssignmentEditor({
  modules,
  assignment,
  saving,
  refusal,
  onSave,
}: Pick<AssignmentEditorViewProps, 'modules' | 'saving' | 'refusal' | 'onSave'> & { assignment: AssignmentAdminDto | null }) {
  const form = useForm<AssignmentValues>(assignment ? valuesOf(assignment) : blankAssignment);
  const accepted = acceptedKinds(form.values);
  const takesFiles = accepted.some((kind) => kind !== 'link');

  /** A checkbox's change, as `field().onChange` does for the text fields: the field's error goes. */
  const choose = (name: 'accepts' | 'approvalRequired', value: string) => {
    form.setValues((current) => ({ ...current, [name]: value }));
    form.setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const submit = form.handleSubmit(assignmentInputSchema, (input) => onSave(assignment, input, form.showServerErrors), { toInput });

  return (
    <Form onSubmit={submit} noValidate aria-label={assignment ? `Edit ${assignment.title}` : 'New assignment'}>
      <TextField label="Title" markRequired autoComplete="off" {...form.field('title')} />
      <TextAreaField
        label="Instructions"
        markRequired
        rows={7}
        hint={
          <>
            Plain text; web addresses become links. <CharacterCount value={form.values.instructions} max={ASSIGNMENT_INSTRUCTIONS_MAX} />
          </>
        }
        {...form.field('instructions')}
      />
      <SelectField
        label="Position in the course"
        hint="Learners meet it after that module, in the module list and in Previous / Next."
        {...form.field('afterModuleId')}
        options={[
          ...modules.map((module, index) => ({ value: String(module.id), label: `After module ${index + 1}: ${module.title}` })),
          { value: END, label: 'At the end of the course' },
        ]}
      />
      <Kinds aria-describedby={form.errors.accepts ? 'assignment-accepts-error' : undefined}>
        <legend>Learners may send</legend>
        {ACCEPT_CHOICES.map((choice) => (
          <CheckboxField
            key={choice.kind}
            name={`accepts-${choice.kind}`}
            label={choice.label}
            hint={choice.hint}
            checked={accepted.includes(choice.kind)}
            onChange={(event) => {
              const on = event.currentTarget.checked;
              choose('accepts', (on ? [...accepted, choice.kind] : accepted.filter((kind) => kind !== choice.kind)).join(','));
            }}
          />
        ))}
        {form.errors.accepts ? (
          <ErrorLine id="assignment-accepts-error" role="alert">
            {form.errors.accepts}
          </ErrorLine>
        ) : null}
      </Kinds>
      {takesFiles ? (
        <Narrow label="Most files per submission" inputMode="numeric" hint={`From 1 to ${ASSIGNMENT_MAX_FILES_MAX}.`} {...form.field('maxFiles')} />
      ) : null}
      <CheckboxField
        name="approvalRequired"
        label="Approval required to complete the step"
        hint="On: the step (and the certificate) waits until a reviewer approves. Off: submitting completes it; you may still send feedback."
        checked={form.values.approvalRequired === 'true'}
        onChange={(event) => choose('approvalRequired', String(event.currentTarget.checked))}
      />
      <DialogRefusal message={refusal} />
      <DialogButtons label={assignment ? 'Save assignment' : 'Add assignment'} busyLabel="Saving…" busy={saving} />
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
