import { useState } from 'react';
import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import type { CourseSummaryDto } from '@atrium/common';
import { formatDuration } from '@atrium/common/rules/format';
import { priceListText } from '../../../components/coursePrice.ts';
import { useDeleteCourse } from '../../../api/adminCatalogue.ts';
import { errorText } from '../../../api/client.ts';
import { useCourses } from '../../../api/courses.ts';
import { Badge } from '../../../components/Badge.tsx';
import { Button, ButtonLink } from '../../../components/Button.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { useToast } from '../../../components/toast/Toaster.tsx';
import { CourseFormDialog } from './CourseFormDialog.tsx';
import { Muted, Panel, PanelHeader, RowActions } from '../../../components/Panel.ts';
import { ListState } from '../../../components/ListState.tsx';

/** The catalogue: New Course, edit, delete (confirmed), Manage Modules. */
export function CoursesPanel() {
  const courses = useCourses();
  const remove = useDeleteCourse();
  const { toast } = useToast();
  const [editing, setEditing] = useState<CourseSummaryDto | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [pendingDelete, setPendingDelete] = useState<CourseSummaryDto | null>(null);

  const openForm = (course: CourseSummaryDto | null) => {
    setEditing(course);
    setFormOpen(true);
  };

  const confirmDelete = () => {
    if (!pendingDelete) return;
    const { id, title } = pendingDelete;
    remove.mutate(id, {
      onSuccess: () => {
        setPendingDelete(null);
        toast({ title: 'Course deleted', description: title, variant: 'success' });
      },
      onError: (error) => {
        setPendingDelete(null);
        toast({ title: 'Course deletion failed', description: errorText(error, 'Please try again.'), variant: 'destructive' });
      },
    });
  };

  return (
    <Panel aria-labelledby="courses-title">
      <PanelHeader>
        <h2 id="courses-title">Courses</h2>
        <Button size="sm" onClick={() => openForm(null)}>
          <Icon name="plus" size={18} /> New Course
        </Button>
      </PanelHeader>
      <ListState
        read={courses}
        loading="Loading courses"
        failed="The courses could not be loaded."
        empty="No courses yet. Create the first one with New Course."
        label="Courses"
      >
        {(course) => (
          <CourseRow key={course.id}>
            <div>
              <CourseTitle>{course.title}</CourseTitle>
              <Facts>
                <Badge $tone={course.price > 0 ? 'accent' : 'success'}>{priceListText(course)}</Badge>
                <Muted>
                  {course.totalModules} {course.totalModules === 1 ? 'module' : 'modules'}
                  {course.totalDuration > 0 ? ` · ${formatDuration(course.totalDuration)}` : ''}
                </Muted>
              </Facts>
            </div>
            <RowActions>
              <ButtonLink to={`/admin/courses/${course.id}`} size="sm" variant="secondary" aria-label={`Manage Modules of ${course.title}`}>
                <Icon name="layers" size={16} /> Manage Modules
              </ButtonLink>
              <Button size="sm" variant="secondary" onClick={() => openForm(course)} aria-label={`Edit ${course.title}`}>
                <Icon name="edit" size={16} /> Edit
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setPendingDelete(course)} aria-label={`Delete ${course.title}`}>
                <Icon name="trash" size={16} /> Delete
              </Button>
            </RowActions>
          </CourseRow>
        )}
      </ListState>

      <CourseFormDialog course={editing} open={formOpen} onOpenChange={setFormOpen} />
      <ConfirmDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null);
        }}
        title="Delete this course?"
        description={
          <>
            “{pendingDelete?.title}” will be deleted with its modules, enrollments, progress and comments. Certificates already issued stay valid.{' '}
            <strong>This cannot be undone.</strong>
          </>
        }
        confirmLabel="Delete course"
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </Panel>
  );
}

const CourseRow = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md} 0;

  ${media.tablet} {
    grid-template-columns: minmax(0, 1fr) auto;
    align-items: center;
  }
`;

const CourseTitle = styled.p`
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const Facts = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  margin-top: ${({ theme }) => theme.space.xxs};
`;
