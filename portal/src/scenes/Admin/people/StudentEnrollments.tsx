import { useId, useState } from 'react';
import styled from 'styled-components';
import type { EnrollmentDto, StudentDetailDto } from '@atrium/common';
import { formatInstantDate } from '@atrium/common/rules/dates';
import { adminEnrollSchema } from '@atrium/common/schemas/catalogue';
import { useAdminEnroll, useAdminUnenroll, useStudentEnrollments, useStudentWatching } from '../../../api/adminStudents.ts';
import { useCourses } from '../../../api/courses.ts';
import { displayName } from '../../../components/Avatar.tsx';
import { Button } from '../../../components/Button.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ListState } from '../../../components/ListState.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { ProgressBar } from '../../../components/ProgressBar.tsx';
import { useToast } from '../../../components/toast/Toaster.tsx';
import { useForm } from '../../../components/useForm.ts';
import { StudentWatching } from './StudentWatching.tsx';
import { WatchingLegend } from '../../../components/WatchedTime.tsx';
import { FinalQuizScore } from '../../../components/FinalQuizScore.tsx';
import { ItemRow, SelectForm } from '../shared/adminStyles.ts';
import { FieldLabel, Select } from '../../../components/NativeSelect.ts';
import { Muted, Panel, PanelHeader } from '../../../components/Panel.ts';
import { enrollableCourses } from './enrollableCourses.ts';

/** The student's courses with their progress and watching, enroll in another, unenroll with a confirmation. */
export function StudentEnrollments({ student }: { student: StudentDetailDto }) {
  const enrollments = useStudentEnrollments(student.id);
  const watching = useStudentWatching(student.id);
  const courses = useCourses();
  const enroll = useAdminEnroll();
  const unenroll = useAdminUnenroll();
  const { toast } = useToast();
  const form = useForm({ studentEmail: student.email, courseId: '' });
  // Problems are reported by toast (SPEC §8), so the select shows no error of its own.
  const courseField = form.field('courseId');
  const [pendingUnenroll, setPendingUnenroll] = useState<EnrollmentDto | null>(null);
  const selectId = useId();
  const available = courses.data && enrollments.data ? enrollableCourses(courses.data, enrollments.data) : [];

  const noCourse = () => toast({ title: 'Missing information', description: 'Choose a course to enroll the student in.', variant: 'destructive' });
  const submit = form.handleSubmit(
    adminEnrollSchema,
    (parsed) => {
      const course = available.find((candidate) => candidate.id === parsed.courseId);
      if (!course) return noCourse();
      enroll.mutate(
        { studentId: student.id, studentEmail: parsed.studentEmail, courseId: course.id },
        {
          onSuccess: () => {
            form.setValues((current) => ({ ...current, courseId: '' }));
            toast({ title: 'Student enrolled', description: `Enrolled in ${course.title}.`, variant: 'success' });
          },
          onError: () => toast({ title: 'Enrollment failed', description: 'Failed to enroll student', variant: 'destructive' }),
        },
      );
    },
    { onInvalid: noCourse },
  );

  const confirmUnenroll = () => {
    if (!pendingUnenroll) return;
    const { courseId: id, courseTitle } = pendingUnenroll;
    unenroll.mutate(
      { studentId: student.id, studentEmail: student.email, courseId: id },
      {
        onSuccess: () => {
          setPendingUnenroll(null);
          toast({ title: 'Student unenrolled', description: `Removed from ${courseTitle}.`, variant: 'success' });
        },
        onError: () => {
          setPendingUnenroll(null);
          toast({ title: 'Unenroll failed', description: 'Failed to unenroll student', variant: 'destructive' });
        },
      },
    );
  };

  return (
    <Panel aria-labelledby="enrollments-title">
      <PanelHeader>
        <h2 id="enrollments-title">Enrollments</h2>
      </PanelHeader>
      <SelectForm onSubmit={submit} noValidate aria-label="Enroll in a course">
        <div>
          <FieldLabel htmlFor={selectId}>Enroll in a course</FieldLabel>
          <Select
            id={selectId}
            name={courseField.name}
            value={courseField.value}
            onChange={courseField.onChange}
            disabled={!enrollments.data || !courses.data || available.length === 0}
          >
            <option value="">
              {!enrollments.data || !courses.data ? 'Loading courses…' : available.length === 0 ? 'Enrolled in every course' : 'Choose a course'}
            </option>
            {available.map((course) => (
              <option key={course.id} value={course.id}>
                {course.title}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" disabled={enroll.isPending || available.length === 0}>
          {enroll.isPending ? 'Enrolling…' : 'Enroll'}
        </Button>
      </SelectForm>
      <ListState
        read={enrollments}
        loading="Loading the enrollments"
        failed="The enrollments could not be loaded."
        empty="Not enrolled in any course yet."
        label="Enrolled courses"
      >
        {(enrollment) => (
          <EnrollmentRow key={enrollment.id}>
            <div>
              <strong>{enrollment.courseTitle}</strong>
              <Muted as="p">
                {enrollment.completedModules} of {enrollment.totalModules} modules · enrolled {formatInstantDate(enrollment.enrolledAt)}
              </Muted>
              <ProgressLine>
                <ProgressBar value={enrollment.progressPercentage} label={`${enrollment.courseTitle} progress`} />
                <span>{enrollment.progressPercentage}%</span>
              </ProgressLine>
              {/* Before the module list, which unfolds below the course's figures. */}
              <FinalQuizScore finalQuiz={enrollment.finalQuiz} />
              <StudentWatching courseTitle={enrollment.courseTitle} watching={watching.data?.find((course) => course.courseId === enrollment.courseId)} />
            </div>
            <Button size="sm" variant="ghost" onClick={() => setPendingUnenroll(enrollment)} aria-label={`Unenroll from ${enrollment.courseTitle}`}>
              Unenroll
            </Button>
          </EnrollmentRow>
        )}
      </ListState>
      {enrollments.data?.length ? (
        <QueryState read={watching} size="inline" loading="Loading what was played" failed="What was played could not be loaded.">
          {() => <WatchingLegend />}
        </QueryState>
      ) : null}
      <ConfirmDialog
        open={pendingUnenroll !== null}
        onOpenChange={(open) => {
          if (!open) setPendingUnenroll(null);
        }}
        title="Unenroll this student?"
        description={`${displayName(student)} will lose access to “${pendingUnenroll?.courseTitle ?? ''}”. Their progress is kept and comes back if they are enrolled again.`}
        confirmLabel="Unenroll"
        busyLabel="Unenrolling…"
        busy={unenroll.isPending}
        onConfirm={confirmUnenroll}
      />
    </Panel>
  );
}

/** The Unenroll button stays by the course title when the row's module list is unfolded. */
const EnrollmentRow = styled(ItemRow)`
  align-items: flex-start;
`;

const ProgressLine = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.xxs};

  & > :first-child {
    flex: 1;
  }
  span {
    font-size: ${({ theme }) => theme.fontSize.sm};
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
`;
