import { useState, type FormEvent } from 'react';
import type { TrustSchoolCountsDto } from '@atrium/common';
import { errorText } from '../../api/client.ts';
import { useMoveTrustMember } from '../../api/trusts.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog, DialogActions, DialogCancel } from '../../components/Dialog.tsx';
import { Form } from '../../components/Field.tsx';
import { FormAlert } from '../../components/FormAlert.tsx';
import { SelectField } from '../../components/SelectField.tsx';
import { useToast } from '../../components/toast/Toaster.tsx';

export interface MovingMember {
  userId: number;
  name: string;
  schoolId: number;
  schoolName: string;
}

/**
 * "Move to another school" for one member of the trust's staff: they keep their progress and
 * certificates, and their courses become the new school's. Mounted while open, so each opening
 * starts with nothing chosen.
 */
export function MoveMemberDialog({
  trustId,
  member,
  schools,
  onClose,
}: {
  trustId: number;
  member: MovingMember;
  schools: ReadonlyArray<Pick<TrustSchoolCountsDto, 'schoolId' | 'name'>>;
  onClose(): void;
}) {
  const [schoolId, setSchoolId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const move = useMoveTrustMember(trustId);
  const { toast } = useToast();
  const others = schools.filter((school) => school.schoolId !== member.schoolId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!schoolId) {
      setError('Choose the school they are moving to.');
      return;
    }
    setError(null);
    move.mutate(
      { userId: member.userId, schoolId: Number(schoolId) },
      {
        onSuccess: () => {
          const to = others.find((school) => school.schoolId === Number(schoolId))?.name ?? 'the new school';
          toast({ title: `${member.name} moved`, description: `Now on the staff of ${to}, with their progress and certificates.`, variant: 'success' });
          onClose();
        },
      },
    );
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Move ${member.name} to another school`}
      description={`${member.name} is on the staff of ${member.schoolName}. They keep their progress, certificates and history; their courses become those of the school they move to, and reports show them there from today.`}
    >
      <Form onSubmit={submit} noValidate aria-label={`Move ${member.name}`}>
        {others.length === 0 ? (
          <p>The trust has no other school to move them to.</p>
        ) : (
          <SelectField
            label="New school"
            placeholder="Choose a school…"
            value={schoolId}
            onChange={(event) => setSchoolId(event.target.value)}
            error={error}
            options={others.map((school) => ({ value: String(school.schoolId), label: school.name }))}
          />
        )}
        <FormAlert message={move.error ? errorText(move.error, 'They could not be moved. Please try again.') : null} />
        <DialogActions>
          <DialogCancel>
            <Button type="button" variant="secondary">
              Cancel
            </Button>
          </DialogCancel>
          <Button type="submit" disabled={others.length === 0 || move.isPending}>
            {move.isPending ? 'Moving…' : 'Move'}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
