import { useState } from 'react';
import type { ModuleDto } from '@atrium/common';
import type { AssignmentAdminDto } from '../../../api/assignmentTypes.ts';
import { useAssignmentAdmin, useCourseAssignments } from '../../../api/assignments.ts';
import { Badge } from '../../../components/Badge.tsx';
import { Button, ButtonLink } from '../../../components/Button.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { Muted, PanelHeader, PanelLead } from '../../../components/Panel.ts';
import { ListState } from '../../../components/ListState.tsx';
import { acceptsPhrase } from '../../../components/assignments/uploadRules.ts';
import { CoursePartPanel, CoursePartRow } from '../shared/adminStyles.ts';
import { EditDeleteActions } from '../shared/EditDeleteActions.tsx';
import { AssignmentEditorDialog, type AssignmentEditing } from './AssignmentEditorDialog.tsx';
import { quizPosition } from './KnowledgeChecksPanel.tsx';
import { useConfirmRemoval } from '../shared/useConfirmRemoval.ts';

/**
 * /admin/courses/:id → Assignments (issue 37): the course's assignment steps in course order,
 * with add, edit (including where it sits) and delete.
 */
export function AssignmentsPanel({ courseId, modules }: { courseId: number; modules: ModuleDto[] }) {
  const assignments = useCourseAssignments(courseId);
  const admin = useAssignmentAdmin(courseId);
  const [editing, setEditing] = useState<AssignmentEditing>(null);
  const removal = useConfirmRemoval<AssignmentAdminDto>(admin.remove, { done: 'Assignment deleted', failed: 'The assignment was not deleted' });

  return (
    <CoursePartPanel aria-labelledby="assignments-admin-title">
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
      <ListState
        read={assignments}
        loading="Loading assignments"
        failed="The assignments could not be loaded."
        empty="No assignments yet. Add one after a module or at the end of the course."
        label="Assignments in course order"
      >
        {(assignment) => (
          <CoursePartRow key={assignment.id}>
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
            <EditDeleteActions title={assignment.title} onEdit={() => setEditing({ kind: 'edit', assignment })} onDelete={() => removal.ask(assignment)} />
          </CoursePartRow>
        )}
      </ListState>

      <AssignmentEditorDialog courseId={courseId} modules={modules} editing={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        {...removal.dialog}
        title="Delete this assignment?"
        description={`“${removal.pending?.title ?? ''}” will no longer be a step of the course. Submissions already sent and certificates already issued keep their record.`}
        confirmLabel="Delete assignment"
      />
    </CoursePartPanel>
  );
}
