import type { CourseDeadlineDto } from '@atrium/common';
import { formatDay } from '@atrium/common/rules/dates';
import styled from 'styled-components';
import { useClearDeadline, useSchoolDeadlines, useSetDeadline } from '../../api/deadlines.ts';
import { DeadlineList, DeadlineRow, ruleSummary } from '../deadlines/DeadlineRow.tsx';
import { Muted, Panel, PanelHeader, PanelLead } from '../Panel.ts';
import { TrainingStatusList } from './TrainingStatusList.tsx';

/**
 * Deadlines per licensed course and where every member stands. `root` is the school's API root
 * (/api/schools/:id for its managers, /api/admin/schools/:id for the admin); `managedSchoolId`
 * is the school's id when its manager is looking (they may resend and withdraw invitations).
 */
export function SchoolDeadlines({ root, managedSchoolId = null }: { root: string; managedSchoolId?: number | null }) {
  const deadlines = useSchoolDeadlines(root);
  return (
    <>
      <Panel aria-labelledby="deadlines-title">
        <PanelHeader>
          <h2 id="deadlines-title">Training deadlines</h2>
        </PanelHeader>
        <PanelLead>
          Set the date by which every member must complete a course, and how many days new staff get from joining. Staff are reminded by e-mail 7 days before,
          on the day, and weekly while overdue.
          {deadlines.data?.trustName
            ? ` Where ${deadlines.data.trustName} set a deadline, each member's is the earlier of the trust's and the school's.`
            : null}
        </PanelLead>
        <DeadlineList
          query={deadlines}
          loadingLabel="Loading deadlines"
          emptyText="No courses are licensed for this school yet: deadlines can be set on licensed courses."
        >
          {deadlines.data?.courses.map((course) => (
            <CourseDeadline key={course.courseId} root={root} course={course} trustName={deadlines.data.trustName} />
          ))}
        </DeadlineList>
      </Panel>
      {deadlines.isSuccess && deadlines.data.courses.length > 0 ? (
        <TrainingStatusList root={root} managedSchoolId={managedSchoolId} deadlines={deadlines.data} />
      ) : null}
    </>
  );
}

/** Where the trust set a rule: what it is, and whether the school's own applies beside it. */
function TrustNote({ course, trustName }: { course: CourseDeadlineDto; trustName: string }) {
  const trust = course.trust!;
  const own = course.completeBy;
  const overridden = (own !== null && trust.completeBy !== null && own > trust.completeBy) || (course.newStaffDays ?? 0) > (trust.newStaffDays ?? Infinity);
  return (
    <>
      <TrustLine>
        Set by {trustName}: {ruleSummary(trust).replace(/^Complete by /, '')}
        {trust.completeBy ? '; you may set an earlier date' : '; you may give new staff fewer days'}.
      </TrustLine>
      {overridden ? (
        <Muted>
          Your own {own && trust.completeBy && own > trust.completeBy ? `date, ${formatDay(own)},` : 'rule'} was set before the trust's and does not apply: the
          earlier one does. Save an earlier date, or remove yours.
        </Muted>
      ) : null}
    </>
  );
}

function CourseDeadline({ root, course, trustName }: { root: string; course: CourseDeadlineDto; trustName: string | null }) {
  const set = useSetDeadline(root);
  const clear = useClearDeadline(root);
  const trust = course.trust && trustName ? course.trust : null;
  return (
    <DeadlineRow
      title={course.title}
      completeBy={course.completeBy}
      newStaffDays={course.newStaffDays}
      validityMonths={course.validityMonths}
      cap={trust ? { ...trust, by: trustName! } : null}
      notes={trust ? <TrustNote course={course} trustName={trustName!} /> : null}
      savedText="members see their date and get reminders."
      save={(input, handlers) => set.mutate({ courseId: course.courseId, input }, handlers)}
      remove={(handlers) => clear.mutate(course.courseId, handlers)}
      saving={set.isPending}
      removing={clear.isPending}
    />
  );
}

const TrustLine = styled.p`
  margin: 0;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.text};
`;
