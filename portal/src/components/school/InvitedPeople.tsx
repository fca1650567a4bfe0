import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import type { InvitedPersonDto } from '@atrium/common';
import { errorText } from '../../api/client.ts';
import { useInvited, useResendInvitation, useWithdrawInvitation } from '../../api/schools.ts';
import { Badge } from '../Badge.tsx';
import { Button } from '../Button.tsx';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { QueryState } from '../QueryState.tsx';
import { useToast } from '../toast/Toaster.tsx';
import { Muted, RowActions, RowList } from '../Panel.ts';
import { formatShortDate } from '@atrium/common/rules/dates';
import { BreakableEmail } from '../BreakableEmail.tsx';

const who = (person: InvitedPersonDto) => person.name ?? person.email;

/**
 * People invited by e-mail who have not joined yet: name, address, when the invitation was sent
 * and whether its link still works. The school's managers (`managedSchoolId`) resend or withdraw
 * each one; the admin's view of a school lists them without the buttons.
 */
export function InvitedPeople({ root, managedSchoolId }: { root: string; managedSchoolId: number | null }) {
  const invited = useInvited(root);
  return (
    <QueryState
      read={invited}
      size="panel"
      loading="Loading invited people"
      failed="The invited people could not be loaded."
      isEmpty={(people) => people.length === 0}
      empty="Nobody is waiting to accept an invitation."
    >
      {(people) => (managedSchoolId === null ? <InvitedRows people={people} /> : <InvitedList people={people} schoolId={managedSchoolId} />)}
    </QueryState>
  );
}

/** The list with the manager's Resend and Withdraw on each person. */
export function InvitedList({ people, schoolId }: { people: InvitedPersonDto[]; schoolId: number }) {
  const resend = useResendInvitation(schoolId);
  const withdraw = useWithdrawInvitation(schoolId);
  const { toast } = useToast();
  const [withdrawing, setWithdrawing] = useState<InvitedPersonDto | null>(null);

  const sendAgain = (person: InvitedPersonDto) =>
    resend.mutate(person.inviteId, {
      onSuccess: (answer) =>
        toast({ title: 'Invitation sent again', description: `${answer.message}, with a new link valid for 30 days.`, variant: 'success' }),
      onError: (error) => toast({ title: 'Could not resend', description: errorText(error, 'Please try again.'), variant: 'destructive' }),
    });

  const confirmWithdraw = () => {
    if (!withdrawing) return;
    // The promise, not mutate's callbacks: withdrawing the last invitation empties the list this
    // sits in, and TanStack Query drops a mutate call's callbacks once their component has unmounted.
    withdraw.mutateAsync(withdrawing.inviteId).then(
      () => {
        toast({ title: 'Invitation withdrawn', description: `The link sent to ${withdrawing.email} no longer works.`, variant: 'success' });
        setWithdrawing(null);
      },
      // Said in the dialog, which stays open for another try (withdraw.error).
      () => undefined,
    );
  };

  return (
    <>
      <InvitedRows
        people={people}
        actions={(person) => (
          <RowActions>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => sendAgain(person)}
              disabled={resend.isPending}
              aria-label={`Resend the invitation to ${who(person)}`}
            >
              Resend
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setWithdrawing(person)} aria-label={`Withdraw the invitation to ${who(person)}`}>
              Withdraw
            </Button>
          </RowActions>
        )}
      />
      <ConfirmDialog
        open={withdrawing !== null}
        onOpenChange={(open) => {
          if (open) return;
          setWithdrawing(null);
          withdraw.reset();
        }}
        title={`Withdraw the invitation to ${withdrawing ? who(withdrawing) : ''}?`}
        description="The link in their e-mail stops working. You can invite them again later."
        confirmLabel="Withdraw invitation"
        busy={withdraw.isPending}
        busyLabel="Withdrawing…"
        error={withdraw.error ? errorText(withdraw.error, 'The invitation was not withdrawn. Please try again.') : null}
        onConfirm={confirmWithdraw}
      />
    </>
  );
}

/** Name, address, when it was sent and whether the link still works; `actions` per person, if any. */
export function InvitedRows({ people, actions }: { people: InvitedPersonDto[]; actions?: (person: InvitedPersonDto) => ReactNode }) {
  return (
    <RowList aria-label="Invited, not joined yet">
      {people.map((person) => (
        <Row key={person.inviteId}>
          <Who>
            <strong>{who(person)}</strong>
            {person.name ? (
              <Muted>
                <BreakableEmail email={person.email} />
              </Muted>
            ) : null}
          </Who>
          <Facts>
            <Badge $tone={person.status === 'pending' ? 'accent' : 'warning'}>{person.status === 'pending' ? 'Invited' : 'Link expired'}</Badge>
            <Muted>Sent {formatShortDate(person.sentAt)}</Muted>
          </Facts>
          {actions ? actions(person) : null}
        </Row>
      ))}
    </RowList>
  );
}

const Row = styled.li`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.xs};
  align-items: center;
  padding: ${({ theme }) => theme.space.sm} 0;

  @media (min-width: 640px) {
    grid-template-columns: minmax(0, 2fr) minmax(0, 1.2fr) auto;
  }
`;

const Who = styled.div`
  display: grid;
  min-width: 0;
  overflow-wrap: anywhere;
`;

const Facts = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
`;
