import type { AdminSchoolDetailDto } from '@atrium/common';
import { formatInstantDate } from '@atrium/common/rules/dates';
import { useInvitationApproval } from '../../../api/adminSchools.ts';
import { errorText } from '../../../api/client.ts';
import { Button } from '../../../components/Button.tsx';
import { useToast } from '../../../components/toast/Toaster.tsx';
import { Panel, PanelHeader, PanelLead } from '../../../components/Panel.ts';

/**
 * Invitation mail goes out in a school's name only when the school holds a licence or an admin
 * has approved it (issue 33: a made-up school must not turn Atrium into a mail relay).
 */
export function AdminInvitationApproval({ school }: { school: AdminSchoolDetailDto }) {
  const approval = useInvitationApproval(school.id);
  const { toast } = useToast();
  const approved = school.invitesApprovedAt !== null;
  const change = (next: boolean) =>
    approval.mutate(next, {
      onSuccess: (answer) => toast({ title: next ? 'Invitations approved' : 'Approval withdrawn', description: answer.message, variant: 'success' }),
      onError: (error) => toast({ title: 'Could not change the approval', description: errorText(error, 'Please try again.'), variant: 'destructive' }),
    });
  const state = approved
    ? `You approved this school on ${formatInstantDate(school.invitesApprovedAt!)}: its managers may send invitation e-mail${school.licenceCount ? '' : ' without a licence'}.`
    : school.licenceCount > 0
      ? 'The school holds a licence, so its managers (with a verified address) may send invitation e-mail.'
      : 'Its managers cannot send invitation e-mail until the school holds a licence or you approve it. Invite links they share themselves still work.';
  return (
    <Panel aria-labelledby="invitation-approval-title">
      <PanelHeader>
        <h2 id="invitation-approval-title">Invitation e-mail</h2>
        <Button size="sm" variant={approved ? 'secondary' : 'primary'} onClick={() => change(!approved)} disabled={approval.isPending}>
          {approval.isPending ? 'Saving…' : approved ? 'Withdraw approval' : 'Approve invitations'}
        </Button>
      </PanelHeader>
      <PanelLead>{state}</PanelLead>
    </Panel>
  );
}
