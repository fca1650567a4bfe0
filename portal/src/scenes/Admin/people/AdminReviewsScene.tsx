import { useState } from 'react';
import { REVIEWS_PAGE_SIZE, useReviewCounts, useReviewQueue, type ReviewFilters } from '../../../api/assignments.ts';
import { useAdminSchools } from '../../../api/adminSchools.ts';
import { useCourses } from '../../../api/courses.ts';
import { readState } from '../../../components/QueryState.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { AdminReviewsView } from './AdminReviewsView.tsx';

/** /admin/reviews: the filters and the tab as state, the queue, its counts and the filters' choices read. */
export function AdminReviewsScene() {
  usePageTitle('Reviews');
  const [filters, setFilters] = useState<ReviewFilters>({ status: 'awaiting', courseId: null, schoolId: null, page: 0 });
  const queue = useReviewQueue(filters);
  const counts = useReviewCounts({ courseId: filters.courseId, schoolId: filters.schoolId });
  const courses = useCourses();
  const schools = useAdminSchools('');
  return (
    <AdminReviewsView
      filters={filters}
      onFilters={setFilters}
      courses={courses.data ?? []}
      schools={schools.data?.items ?? []}
      counts={readState(counts)}
      queue={readState(queue)}
      pageSize={REVIEWS_PAGE_SIZE}
    />
  );
}
