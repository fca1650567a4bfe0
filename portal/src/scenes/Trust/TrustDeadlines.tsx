import { formatDueDate, type TrustCourseDeadlineDto } from '@atrium/common';
import { useClearTrustDeadline, useSetTrustDeadline, useTrustDeadlines } from '../../api/trusts.ts';
import { DeadlineList, DeadlineRow } from '../../components/deadlines/DeadlineRow.tsx';
import { Muted, Panel, PanelHeader, PanelLead } from '../../components/Panel.ts';

/**
 * The trust's deadlines (/trust): per course licensed to its schools, a date and days for new
 * staff that reach every school of the trust. Each school may set an earlier date of its own.
 */
export function TrustDeadlines({ trustId }: { trustId: number }) {
  const deadlines = useTrustDeadlines(trustId);
  return (
    <Panel aria-labelledby="trust-deadlines-title">
      <PanelHeader>
        <h2 id="trust-deadlines-title">Deadlines for every school</h2>
      </PanelHeader>
      <PanelLead>
        A deadline here applies to the staff of every school of the trust that has the course. A school's managers may set an earlier date for their school,
        never a later one; where a school's own date is later, the trust's applies. Staff are reminded by e-mail of the date that applies to them.
      </PanelLead>
      <DeadlineList
        query={deadlines}
        loadingLabel="Loading the trust's deadlines"
        emptyText="No school of the trust has a licensed course yet: deadlines can be set on licensed courses."
      >
        {deadlines.data?.courses.map((course) => (
          <CourseDeadline key={course.courseId} trustId={trustId} course={course} />
        ))}
      </DeadlineList>
    </Panel>
  );
}

function CourseDeadline({ trustId, course }: { trustId: number; course: TrustCourseDeadlineDto }) {
  const set = useSetTrustDeadline(trustId);
  const clear = useClearTrustDeadline(trustId);
  const schools = `${course.schools} ${course.schools === 1 ? 'school has' : 'schools have'} this course`;
  return (
    <DeadlineRow
      title={course.title}
      completeBy={course.completeBy}
      newStaffDays={course.newStaffDays}
      validityMonths={course.validityMonths}
      notes={
        <Muted>
          {schools}
          {course.schoolsOverridden > 0
            ? `; ${course.schoolsOverridden} set a later ${course.completeBy ? `date than ${formatDueDate(course.completeBy, new Date().getUTCFullYear())}` : 'rule'} before this one, and the trust's applies there`
            : ''}
          .
        </Muted>
      }
      savedText="the staff of every school with the course see their date and get reminders."
      save={(input, handlers) => set.mutate({ courseId: course.courseId, input }, handlers)}
      remove={(handlers) => clear.mutate(course.courseId, handlers)}
      saving={set.isPending}
      removing={clear.isPending}
    />
  );
}
