import { useState } from 'react';
import styled from 'styled-components';
import type { ModuleDto } from '@atrium/common';
import type { AssignmentAdminDto } from '../../api/assignmentTypes.ts';
import { useAssignmentAdmin, useCourseAssignments } from '../../api/assignments.ts';
import { errorText } from '../../api/client.ts';
import { Badge } from '../../components/Badge.tsx';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Icon } from '../../components/Icon.tsx';
import { LoadingState } from '../../components/Loading.tsx';
import { EmptyText, Muted, Panel, PanelHeader, PanelLead, ProblemText, RowActions, RowList } from '../../components/Panel.ts';
import { useToast } from '../../components/toast/Toaster.tsx';
import { acceptsPhrase } from '../Assignment/uploadRules.ts';
import { AssignmentEditorDialog, type AssignmentEditing } from './AssignmentEditorDialog.tsx';
import { quizPosition } from './KnowledgeChecksPanel.tsx';

/**
 * /admin/courses/:id → Assignments (issue 37): the course's assignment steps in course order,
 * with add, edit (including where it sits) and delete.
 */
export function AssignmentsPanel({ courseId, modules }: { courseId: number; modules: ModuleDto[] }) {
  const assignments = useCourseAssignments(courseId);
  const admin = useAssignmentAdmin(courseId);
  const { toast } = useToast();
  const [editing, setEditing] = useState<AssignmentEditing>(null);
  const [pendingDelete, setPendingDelete] = useState<AssignmentAdminDto | null>(null);
  const list = assignments.data ?? [];

  const confirmDelete = () => {
    if (!pendingDelete) return;
    const { id, title } = pendingDelete;
    admin.remove.mutate(id, {
      onSuccess: () => {
        setPendingDelete(null);
        toast({ title: 'Assignment deleted', description: title, variant: 'success' });
      },
      onError: (error) => {
        setPendingDelete(null);
        toast({ title: 'The assignment was not deleted', description: errorText(error, 'Please try again.'), variant: 'destructive' });
      },
    });
  };

  return (
    <AssignmentPanel aria-labelledby="assignments-admin-title">
      <PanelHeader>
        <h2 id="assignments-admin-title">Assignments</h2>
        <Button size="sm" onClick={() => setEditing({ kind: 'new' })}>
          <Icon name="plus" size={18} /> Add Assignment
        </Button>
      </PanelHeader>
      <PanelLead>
        Practical work learners send in: photos, video, audio, PDFs or a link. Each assignment is a step of the course; the certificate waits for it.{' '}
        <ButtonLink to="/admin/reviews" size="sm" variant="ghost">
          Open Reviews
        </ButtonLink>
      </PanelLead>
      {assignments.isPending ? (
        <LoadingState label="Loading assignments" />
      ) : assignments.isError ? (
        <ProblemText role="alert">{errorText(assignments.error, 'The assignments could not be loaded.')}</ProblemText>
      ) : list.length === 0 ? (
        <EmptyText>No assignments yet. Add one after a module or at the end of the course.</EmptyText>
      ) : (
        <RowList aria-label="Assignments in course order">
          {list.map((assignment) => (
            <Row key={assignment.id}>
              <div>
                <strong>{assignment.title}</strong>
                <Muted>
                  {quizPosition(assignment, modules)} · {acceptsPhrase(assignment.accepts)}
                  {assignment.accepts.some((kind) => kind !== 'link') ? ` · up to ${assignment.maxFiles} ${assignment.maxFiles === 1 ? 'file' : 'files'}` : ''}
                </Muted>
                <span>
                  <Badge $tone={assignment.approvalRequired ? 'accent' : 'neutral'}>
                    {assignment.approvalRequired ? 'Approval required' : 'Complete on submission'}
                  </Badge>
                </span>
              </div>
              <RowActions>
                <Button size="sm" variant="secondary" onClick={() => setEditing({ kind: 'edit', assignment })} aria-label={`Edit ${assignment.title}`}>
                  <Icon name="edit" size={16} /> Edit
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setPendingDelete(assignment)} aria-label={`Delete ${assignment.title}`}>
                  <Icon name="trash" size={16} /> Delete
                </Button>
              </RowActions>
            </Row>
          ))}
        </RowList>
      )}

      <AssignmentEditorDialog courseId={courseId} modules={modules} editing={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null);
        }}
        title="Delete this assignment?"
        description={`“${pendingDelete?.title ?? ''}” will no longer be a step of the course. Submissions already sent and certificates already issued keep their record.`}
        confirmLabel="Delete assignment"
        busy={admin.remove.isPending}
        onConfirm={confirmDelete}
      />
    </AssignmentPanel>
  );
}

const AssignmentPanel = styled(Panel)`
  margin-top: ${({ theme }) => theme.space.lg};
`;

const Row = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
  align-items: center;
  padding: ${({ theme }) => theme.space.sm} 0;

  & > div:first-child {
    display: grid;
    gap: 2px;
    justify-items: start;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  strong {
    font-weight: 600;
  }

  @media (min-width: 900px) {
    grid-template-columns: minmax(0, 1fr) auto;
  }
`;
