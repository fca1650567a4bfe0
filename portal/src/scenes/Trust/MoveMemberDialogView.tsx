import type { FormEvent } from 'react';
import type { TrustSchoolCountsDto } from '@atrium/common';
import { Dialog, DialogButtons, DialogRefusal } from '../../components/Dialog.tsx';
import { Form } from '../../components/Field.tsx';
import { SelectField } from '../../components/SelectField.tsx';
import type { FieldBinding } from '../../components/useForm.ts';

export interface MovingMember {
  userId: number;
  name: string;
  schoolId: number;
  schoolName: string;
}

export interface MoveMemberDialogViewProps {
  member: MovingMember;
  /** The trust's schools other than the member's own: where they can move. */
  others: ReadonlyArray<Pick<TrustSchoolCountsDto, 'schoolId' | 'name'>>;
  school: FieldBinding;
  moving: boolean;
  /** What no field explains (a refusal, the connection): the server's sentence. */
  refusal: string | null;
  onClose(): void;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
}

/**
 * "Move to another school" for one member of the trust's staff, drawn open (its container mounts
 * it only while open, so each opening starts with nothing chosen).
 */
export function MoveMemberDialogView({ member, others, school, moving, refusal, onClose, onSubmit }: MoveMemberDialogViewProps) {
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Move ${member.name} to another school`}
      description={`${member.name} is on the staff of ${member.schoolName}. They keep their progress, certificates and history; their courses become those of the school they move to, and reports show them there from today.`}
    >
      <Form onSubmit={onSubmit} noValidate aria-label={`Move ${member.name}`}>
        {others.length === 0 ? (
          <p>The trust has no other school to move them to.</p>
        ) : (
          <SelectField
            label="New school"
            placeholder="Choose a school…"
            {...school}
            options={others.map((option) => ({ value: String(option.schoolId), label: option.name }))}
          />
        )}
        <DialogRefusal message={refusal} />
        <DialogButtons label="Move" busyLabel="Moving…" busy={moving} disabled={others.length === 0} />
      </Form>
    </Dialog>
  );
}
