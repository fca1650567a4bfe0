import { z } from 'zod';
import type { TrustSchoolCountsDto } from '@atrium/common';
import { errorText } from '../../api/client.ts';
import { useMoveTrustMember } from '../../api/trusts.ts';
import { useToast } from '../../components/toast/Toaster.tsx';
import { useForm } from '../../components/useForm.ts';
import { MoveMemberDialogView, type MovingMember } from './MoveMemberDialogView.tsx';

export type { MovingMember };

/** One of the trust's other schools must be chosen (the select offers only those; the server checks the id). */
const moveSchema = z.object({ schoolId: z.string().min(1, { message: 'Choose the school they are moving to.' }).transform(Number) });

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
    <MoveMemberDialogView
      member={member}
      others={others}
      school={form.field('schoolId')}
      moving={move.isPending}
      refusal={move.error && !form.errors.schoolId ? errorText(move.error, 'They could not be moved. Please try again.') : null}
      onClose={onClose}
      onSubmit={submit}
    />
  );
}
