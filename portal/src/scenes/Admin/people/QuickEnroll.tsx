import { useId, useState } from 'react';
import { Form } from '../../../components/Form.tsx';
import styled from 'styled-components';
import type { StudentDto } from '@atrium/common';
import { adminEnrollSchema } from '@atrium/common/schemas/catalogue';
import { useAdminEnroll, useStudentEnrollments } from '../../../api/adminStudents.ts';
import { useCourses } from '../../../api/courses.ts';
import { displayName } from '../../../components/Avatar.tsx';
import { Button } from '../../../components/Button.tsx';
import { useToast } from '../../../components/toast/Toaster.tsx';
import { useForm } from '../../../components/useForm.ts';
import { StudentPicker } from './StudentPicker.tsx';
import { FieldLabel, Select } from '../../../components/NativeSelect.ts';
import { Muted, Panel, PanelHeader, PanelLead } from '../../../components/Panel.ts';
import { enrollableCourses } from './enrollableCourses.ts';

/** Quick Enroll (SPEC §2, §5): a student, then one of the courses they are not in yet. */
export function QuickEnroll() {
  const [student, setStudent] = useState<StudentDto | null>(null);
  const form = useForm({ studentEmail: '', courseId: '' });
  // Problems are reported by toast (SPEC §8), so the select shows no error of its own.
  const courseField = form.field('courseId');
  const courses = useCourses();
  const enrollments = useStudentEnrollments(student?.id ?? null);
  const enroll = useAdminEnroll();
  const { toast } = useToast();
  const selectId = useId();

  const available = student && courses.data && enrollments.data ? enrollableCourses(courses.data, enrollments.data) : [];
  const loadingCourses = student !== null && (courses.isPending || enrollments.isPending);

  const pickStudent = (next: StudentDto | null) => {
    setStudent(next);
    form.reset({ studentEmail: next?.email ?? '', courseId: '' });
  };

  const noStudent = () => toast({ title: 'No student selected', description: 'Search for a student and select them first.', variant: 'destructive' });
  const noCourse = () => toast({ title: 'Missing information', description: 'Choose a course to enroll the student in.', variant: 'destructive' });

  const submit = form.handleSubmit(
    adminEnrollSchema,
    (parsed) => {
      const course = available.find((candidate) => candidate.id === parsed.courseId);
      if (!student) return noStudent();
      if (!course) return noCourse();
      enroll.mutate(
        { studentId: student.id, studentEmail: parsed.studentEmail, courseId: course.id },
        {
          onSuccess: () => {
            form.setValues((current) => ({ ...current, courseId: '' }));
            toast({ title: 'Student enrolled', description: `${displayName(student)} is now enrolled in ${course.title}.`, variant: 'success' });
          },
          onError: () => toast({ title: 'Enrollment failed', description: 'Failed to enroll student', variant: 'destructive' }),
        },
      );
    },
    { onInvalid: (errors) => (errors.studentEmail ? noStudent() : noCourse()) },
  );

  return (
    <Panel aria-labelledby="quick-enroll-title">
      <PanelHeader>
        <h2 id="quick-enroll-title">Quick Enroll</h2>
      </PanelHeader>
      <PanelLead>Give a student a place on a course, for example after an invoice is paid.</PanelLead>
      <Stack onSubmit={submit} noValidate aria-label="Quick Enroll">
        <StudentPicker selected={student} onSelect={pickStudent} />
        <div>
          <FieldLabel htmlFor={selectId}>Course</FieldLabel>
          <Select
            id={selectId}
            name={courseField.name}
            value={courseField.value}
            onChange={courseField.onChange}
            disabled={!student || loadingCourses || available.length === 0}
          >
            <option value="">
              {!student
                ? 'Select a student first'
                : loadingCourses
                  ? 'Loading courses…'
                  : available.length === 0
                    ? 'Enrolled in every course'
                    : 'Choose a course'}
            </option>
            {available.map((course) => (
              <option key={course.id} value={course.id}>
                {course.title}
              </option>
            ))}
          </Select>
          {student && enrollments.data && enrollments.data.length > 0 ? (
            <Hint>
              Already enrolled in {enrollments.data.length} {enrollments.data.length === 1 ? 'course' : 'courses'}; only the others are offered.
            </Hint>
          ) : null}
        </div>
        <Button type="submit" disabled={enroll.isPending}>
          {enroll.isPending ? 'Enrolling…' : 'Enroll Student'}
        </Button>
      </Stack>
    </Panel>
  );
}

const Stack = styled(Form)`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

const Hint = styled(Muted)`
  display: block;
  margin-top: ${({ theme }) => theme.space.xxs};
`;
