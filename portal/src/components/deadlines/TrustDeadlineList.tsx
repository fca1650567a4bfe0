import type { TrustCourseDeadlineDto } from '@atrium/common';
import { formatDay } from '@atrium/common/rules/dates';
import { useClearTrustDeadline, useSetTrustDeadline, useTrustDeadlines, type TrustDeadlineViewer } from '../../api/trusts.ts';
import { Muted } from '../Panel.ts';
import { DeadlineList, DeadlineRow } from './DeadlineRow.tsx';

/**
 * A trust's deadlines, one per course licensed to its schools: set by the trust's managers on
 * /trust, or by an admin in the Trusts panel (`viewer`), through their own routes.
 */
export function TrustDeadlineList({ trustId, viewer = 'manager' }: { trustId: number; viewer?: TrustDeadlineViewer }) {
  const deadlines = useTrustDeadlines(trustId, viewer);
  return (
    <DeadlineList
      query={deadlines}
      loadingLabel="Loading the trust's deadlines"
      emptyText="No school of the trust has a licensed course yet: deadlines can be set on licensed courses."
    >
      {deadlines.data?.courses.map((course) => (
        <CourseDeadline key={course.courseId} trustId={trustId} viewer={viewer} course={course} />
      ))}
    </DeadlineList>
  );
}

function CourseDeadline({ trustId, viewer, course }: { trustId: number; viewer: TrustDeadlineViewer; course: TrustCourseDeadlineDto }) {
  const set = useSetTrustDeadline(trustId, viewer);
  const clear = useClearTrustDeadline(trustId, viewer);
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
            ? `; ${course.schoolsOverridden} set a later ${course.completeBy ? `date than ${formatDay(course.completeBy)}` : 'rule'} before this one, and the trust's applies there`
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
