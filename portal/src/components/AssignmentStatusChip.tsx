import { Link } from 'react-router';
import type { AssignmentStatusDto } from '../api/assignmentTypes.ts';
import { Badge, type BadgeTone } from './Badge.tsx';

const CHIPS: Record<NonNullable<AssignmentStatusDto['status']>, { label: string; tone: BadgeTone }> = {
  awaiting_review: { label: 'Awaiting review', tone: 'accent' },
  changes_requested: { label: 'Changes requested', tone: 'warning' },
  approved: { label: 'Assignment approved', tone: 'success' },
  submitted: { label: 'Assignment submitted', tone: 'success' },
};

/**
 * Where a member's assignment work stands on a course (issue 37), in the manager's status list.
 * Nothing for a course without assignments (the server sends no `assignment` then) or before
 * anything was sent, so those rows look as before.
 */
export function AssignmentStatusChip({ assignment }: { assignment: AssignmentStatusDto | undefined }) {
  if (!assignment?.status) return null;
  const chip = CHIPS[assignment.status];
  // In a span: a grid cell would stretch the badge to the row's width. The work itself only when the school shares it.
  return (
    <span>
      <Badge $tone={chip.tone}>{chip.label}</Badge>
      {assignment.submissionId !== null ? (
        <>
          {' '}
          <Link to={`/school/submissions/${assignment.submissionId}`}>See the submission</Link>
        </>
      ) : null}
    </span>
  );
}
