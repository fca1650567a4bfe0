import { useState } from 'react';
import styled from 'styled-components';
import { stackedTableOnPhones } from '@atrium/common/ui/mixins';
import type { LicensedCourseDto, SchoolMemberDto } from '@atrium/common';
import { errorText } from '../../api/client.ts';
import { useInvited, usePromoteManager, useRemoveMember, useSchoolMembers } from '../../api/schools.ts';
import { Badge } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ProgressBar } from '../../components/ProgressBar.tsx';
import { useToast } from '../../components/toast/Toaster.tsx';
import { useSignedInUser } from '../../session/AuthProvider.tsx';
import { Muted, Panel, PanelHeader, RowActions } from '../../components/Panel.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { InvitedList } from '../../components/school/InvitedPeople.tsx';

type Pending = { kind: 'remove' | 'promote'; member: SchoolMemberDto } | null;

/**
 * The staff of the school with their progress on each licensed course, then the people invited
 * by e-mail who have not joined yet (managers only; `root` is the school's API root the server sent).
 */
export function SchoolMembers({ schoolId, root }: { schoolId: number; root: string }) {
  const members = useSchoolMembers(schoolId);
  const invited = useInvited(root);
  const me = useSignedInUser();
  const remove = useRemoveMember(schoolId);
  const promote = usePromoteManager(schoolId);
  const { toast } = useToast();
  const [pending, setPending] = useState<Pending>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const confirm = () => {
    if (!pending) return;
    const { kind, member } = pending;
    const mutation = kind === 'remove' ? remove : promote;
    setRefusal(null);
    mutation.mutate(member.userId, {
      onSuccess: () => {
        toast({
          title: kind === 'remove' ? 'Member removed' : 'Manager added',
          description: kind === 'remove' ? `${member.name} no longer has access through the school.` : `${member.name} can now manage the school.`,
          variant: 'success',
        });
        setPending(null);
      },
      // The dialog stays open for another try, so the refusal is said in it, beside its buttons.
      onError: (error) =>
        setRefusal(
          errorText(
            error,
            kind === 'remove' ? `${member.name} could not be removed. Please try again.` : `${member.name} was not made a manager. Please try again.`,
          ),
        ),
    });
  };
  const ask = (next: Pending) => {
    setRefusal(null);
    setPending(next);
  };

  return (
    <Panel aria-labelledby="members-title">
      <PanelHeader>
        <h2 id="members-title">Members{members.data ? ` (${members.data.members.length})` : ''}</h2>
      </PanelHeader>
      <QueryState
        read={members}
        size="panel"
        loading="Loading members"
        failed="The members could not be loaded."
        isEmpty={(list) => list.members.length === 0}
        empty="No members yet. Add staff or create an invite link below and share it with your colleagues."
      >
        {(list) => (
          <Scroll tabIndex={0} aria-label="Members and their progress">
            <Table>
              <thead>
                <tr>
                  <th scope="col">Member</th>
                  {list.courses.map((course) => (
                    <th scope="col" key={course.courseId}>
                      {course.title}
                    </th>
                  ))}
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.members.map((member) => (
                  <MemberRow
                    key={member.userId}
                    member={member}
                    courses={list.courses}
                    isMe={member.userId === me.id}
                    onRemove={() => ask({ kind: 'remove', member })}
                    onPromote={() => ask({ kind: 'promote', member })}
                  />
                ))}
              </tbody>
            </Table>
          </Scroll>
        )}
      </QueryState>
      <QueryState read={invited} size="inline" loading="Loading the invited people" failed="The invited people could not be loaded.">
        {(people) =>
          people.length > 0 ? (
            <Invited aria-labelledby="invited-title">
              <h3 id="invited-title">Invited, not joined yet ({people.length})</h3>
              <Muted>They join, and appear above, when they accept the invitation in their e-mail.</Muted>
              <InvitedList people={people} schoolId={schoolId} />
            </Invited>
          ) : null
        }
      </QueryState>
      <ConfirmDialog
        open={pending?.kind === 'remove'}
        onOpenChange={(open) => (open ? null : setPending(null))}
        title={`Remove ${pending?.member.name ?? ''} from the school?`}
        description="They lose access to the school's licensed courses. Their progress and certificates are kept, and they can rejoin with a new invite."
        confirmLabel="Remove member"
        busy={remove.isPending}
        busyLabel="Removing…"
        error={refusal}
        onConfirm={confirm}
      />
      <ConfirmDialog
        open={pending?.kind === 'promote'}
        onOpenChange={(open) => (open ? null : setPending(null))}
        title={`Make ${pending?.member.name ?? ''} a manager?`}
        description="Managers see every member's e-mail address and progress, invite and remove colleagues, and download the training register."
        confirmLabel="Make manager"
        busy={promote.isPending}
        busyLabel="Saving…"
        tone="primary"
        error={refusal}
        onConfirm={confirm}
      />
    </Panel>
  );
}

function MemberRow({
  member,
  courses,
  isMe,
  onRemove,
  onPromote,
}: {
  member: SchoolMemberDto;
  courses: LicensedCourseDto[];
  isMe: boolean;
  onRemove(): void;
  onPromote(): void;
}) {
  return (
    <tr>
      <th scope="row">
        <Name>
          <strong>{member.name}</strong>
          {member.role === 'manager' ? <Badge $tone="accent">Manager</Badge> : null}
          {isMe ? <Badge $tone="neutral">You</Badge> : null}
          {member.managedByDirectory ? (
            <Badge $tone="neutral" title="Their name and status are changed in your directory, not here">
              Directory
            </Badge>
          ) : null}
        </Name>
        {member.email ? <Muted>{member.email}</Muted> : null}
      </th>
      {courses.map((course) => {
        const progress = member.progress.find((p) => p.courseId === course.courseId);
        const percent = progress?.progressPercentage ?? 0;
        return (
          <td key={course.courseId} data-label={course.title}>
            <ProgressBar size="sm" value={percent} label={`${member.name}: ${course.title}`} />
            <Muted>
              {progress ? `${progress.completedModules}/${progress.totalModules} modules · ${percent}%` : 'Not started'}
              {progress?.certificateNumber ? ` · certificate ${progress.certificateNumber}` : ''}
            </Muted>
          </td>
        );
      })}
      <td>
        {/* The server decides what the caller may do to each member; leaving is not offered on one's own row. */}
        {isMe ? null : (
          <RowActions>
            {member.can.promote ? (
              <Button size="sm" variant="secondary" onClick={onPromote} aria-label={`Make manager: ${member.name}`}>
                Make manager
              </Button>
            ) : null}
            {member.can.remove ? (
              <Button size="sm" variant="ghost" onClick={onRemove} aria-label={`Remove ${member.name}`}>
                Remove
              </Button>
            ) : null}
          </RowActions>
        )}
      </td>
    </tr>
  );
}

const Scroll = styled.div`
  overflow-x: auto;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.accent};
  }
`;

const Table = styled.table`
  width: 100%;
  min-width: 36rem;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSize.sm};

  th,
  td {
    padding: ${({ theme }) => theme.space.sm};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    vertical-align: top;
  }
  thead th {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
  }
  tbody th {
    font-weight: 400;
    min-width: 12rem;
  }
  td {
    min-width: 10rem;
  }
  td > * + * {
    display: block;
    margin-top: ${({ theme }) => theme.space.xxs};
  }
  /* Stacked rows on phones: a member's row scrolled sideways hid the "You" label and the buttons. */
  ${stackedTableOnPhones}
`;

const Invited = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.xxs};
  margin-top: ${({ theme }) => theme.space.lg};

  h3 {
    font-size: ${({ theme }) => theme.fontSize.lg};
  }
`;

const Name = styled.span`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xxs};
`;
