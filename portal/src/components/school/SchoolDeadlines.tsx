import { formatDueDate, type CourseDeadlineDto } from '@atrium/common';
import { deadlineSchema } from '@atrium/common/schemas/deadlines';
import styled from 'styled-components';
import { errorText } from '../../api/client.ts';
import { useClearDeadline, useSchoolDeadlines, useSetDeadline } from '../../api/deadlines.ts';
import { Button } from '../Button.tsx';
import { TextField } from '../Field.tsx';
import { Skeleton } from '../Loading.tsx';
import { useToast } from '../toast/Toaster.tsx';
import { useForm } from '../useForm.ts';
import { EmptyText, Muted, Panel, PanelHeader, PanelLead, ProblemText, RowList } from '../Panel.ts';
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
        </PanelLead>
        {deadlines.isPending ? (
          <Skeleton $height="6rem" aria-label="Loading deadlines" />
        ) : deadlines.isError ? (
          <ProblemText role="alert">
            The deadlines could not be loaded ({errorText(deadlines.error, 'please try again')}).{' '}
            <Button size="sm" variant="ghost" onClick={() => void deadlines.refetch()}>
              Try again
            </Button>
          </ProblemText>
        ) : deadlines.data.courses.length === 0 ? (
          <EmptyText>No courses are licensed for this school yet: deadlines can be set on licensed courses.</EmptyText>
        ) : (
          <RowList>
            {deadlines.data.courses.map((course) => (
              <DeadlineRow key={course.courseId} root={root} course={course} />
            ))}
          </RowList>
        )}
      </Panel>
      {deadlines.isSuccess && deadlines.data.courses.length > 0 ? (
        <TrainingStatusList root={root} managedSchoolId={managedSchoolId} deadlines={deadlines.data} />
      ) : null}
    </>
  );
}

function summary(course: CourseDeadlineDto): string {
  const parts = [
    course.completeBy ? `Complete by ${formatDueDate(course.completeBy, new Date().getUTCFullYear())}` : null,
    course.newStaffDays ? `new staff: ${course.newStaffDays} days from joining` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'No deadline';
}

function DeadlineRow({ root, course }: { root: string; course: CourseDeadlineDto }) {
  const set = useSetDeadline(root);
  const clear = useClearDeadline(root);
  const { toast } = useToast();
  const form = useForm({ completeBy: course.completeBy ?? '', newStaffDays: course.newStaffDays ? String(course.newStaffDays) : '' });
  const hasDeadline = course.completeBy !== null || course.newStaffDays !== null;

  const submit = form.handleSubmit(
    deadlineSchema,
    (input) =>
      set.mutate(
        { courseId: course.courseId, input },
        {
          onSuccess: () => toast({ title: 'Deadline saved', description: `${course.title}: members see their date and get reminders.`, variant: 'success' }),
          onError: (error) => {
            if (!form.showServerErrors(error))
              toast({ title: 'The deadline was not saved', description: errorText(error, 'Please try again.'), variant: 'destructive' });
          },
        },
      ),
    {
      toInput: (values) => ({
        completeBy: values.completeBy.trim() === '' ? null : values.completeBy,
        newStaffDays: values.newStaffDays.trim() === '' ? null : values.newStaffDays,
      }),
    },
  );

  const remove = () =>
    clear.mutate(course.courseId, {
      onSuccess: () => {
        form.reset({ completeBy: '', newStaffDays: '' });
        toast({ title: 'Deadline removed', description: `${course.title} has no deadline now.`, variant: 'success' });
      },
      onError: (error) => toast({ title: 'The deadline was not removed', description: errorText(error, 'Please try again.'), variant: 'destructive' }),
    });

  return (
    <Row>
      <div>
        <strong>{course.title}</strong>
        <Muted>
          {summary(course)}
          {course.validityMonths ? ` · certificates valid ${course.validityMonths} months` : ''}
        </Muted>
      </div>
      <DeadlineForm onSubmit={submit} noValidate aria-label={`Deadline for ${course.title}`}>
        <TextField label="Complete by" type="date" {...form.field('completeBy')} />
        <TextField
          label="New staff: days from joining"
          type="number"
          inputMode="numeric"
          min={1}
          max={365}
          placeholder="e.g. 30"
          {...form.field('newStaffDays')}
        />
        <Actions>
          <Button type="submit" size="sm" disabled={set.isPending}>
            {set.isPending ? 'Saving…' : 'Save'}
          </Button>
          {hasDeadline ? (
            <Button size="sm" variant="ghost" onClick={remove} disabled={clear.isPending}>
              Remove
            </Button>
          ) : null}
        </Actions>
      </DeadlineForm>
    </Row>
  );
}

const Row = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md} 0;

  & > div:first-child {
    display: grid;
    gap: ${({ theme }) => theme.space.xxs};
    overflow-wrap: anywhere;
  }
  strong {
    font-weight: 600;
  }
`;

const DeadlineForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  align-items: end;

  @media (min-width: 720px) {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr) auto;
  }
`;

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
  padding-bottom: 2px;
`;
