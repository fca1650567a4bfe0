import { z } from 'zod';
import type { TrustSchoolCountsDto } from '@atrium/common';
import { errorText } from '../../api/client.ts';
import { useMoveTrustMember } from '../../api/trusts.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog, DialogActions, DialogCancel } from '../../components/Dialog.tsx';
import { Form } from '../../components/Field.tsx';
import { FormAlert } from '../../components/FormAlert.tsx';
import { SelectField } from '../../components/SelectField.tsx';
import { useToast } from '../../components/toast/Toaster.tsx';
import { useForm } from '../../components/useForm.ts';

/** One of the trust's other schools must be chosen (the select offers only those; the server checks the id). */
const moveSchema = z.object({ schoolId: z.string().min(1, { message: 'Choose the school they are moving to.' }).transform(Number) });

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
  const form = useForm({ schoolId: '' });
  const move = useMoveTrustMember(trustId);
  const { toast } = useToast();
  const others = schools.filter((school) => school.schoolId !== member.schoolId);
  const submit = form.handleSubmit(moveSchema, ({ schoolId }) =>
    move.mutate(
      { userId: member.userId, schoolId },
      {
        onSuccess: () => {
          const to = others.find((school) => school.schoolId === schoolId)?.name ?? 'the new school';
          toast({ title: `${member.name} moved`, description: `Now on the staff of ${to}, with their progress and certificates.`, variant: 'success' });
          onClose();
        },
        onError: (problem) => form.showServerErrors(problem),
      },
    ),
  );
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
            {...form.field('schoolId')}
            options={others.map((school) => ({ value: String(school.schoolId), label: school.name }))}
          />
        )}
        {/* What no field explains (a refusal, the network): the server's sentence. */}
        <FormAlert message={move.error && !form.errors.schoolId ? errorText(move.error, 'They could not be moved. Please try again.') : null} />
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
