import { useState } from 'react';
import type { AssignmentInput, ModuleDto } from '@atrium/common';
import type { AssignmentAdminDto } from '../../../api/assignmentTypes.ts';
import { useAssignmentAdmin } from '../../../api/assignments.ts';
import { errorText } from '../../../api/client.ts';
import { useToast } from '../../../components/toast/Toaster.tsx';
import { AssignmentEditorView, type AssignmentEditing } from './AssignmentEditorView.tsx';

export type { AssignmentEditing };

/** Saves the assignment step the editor holds and says so: draws AssignmentEditorView. */
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
  const { create, update } = useAssignmentAdmin(courseId);
  const { toast } = useToast();
  // A refusal that named the form's fields is said on them; any other is said above the buttons.
  const [onFields, setOnFields] = useState(false);
  const failed = create.error ?? update.error;
  const isNew = editing?.kind !== 'edit';
  const refusal =
    failed && !onFields
      ? errorText(failed, isNew ? 'The assignment was not added. Please try again.' : 'The assignment was not saved. Please try again.')
      : null;

  const save = (assignment: AssignmentAdminDto | null, input: AssignmentInput, showOnFields: (error: unknown) => boolean) => {
    const options = {
      onSuccess: (saved: AssignmentAdminDto) => {
        toast({ title: assignment ? 'Assignment saved' : 'Assignment added', description: saved.title, variant: 'success' });
        close();
      },
      onError: (error: unknown) => setOnFields(showOnFields(error)),
    };
    if (assignment) update.mutate({ id: assignment.id, input }, options);
    else create.mutate(input, options);
  };
  // Each opening starts without the last one's refusal.
  const close = () => {
    create.reset();
    update.reset();
    onClose();
  };

  return (
    <AssignmentEditorView editing={editing} modules={modules} saving={create.isPending || update.isPending} refusal={refusal} onSave={save} onClose={close} />
  );
}
