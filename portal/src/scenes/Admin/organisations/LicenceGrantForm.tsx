import { useId } from 'react';
import { schoolLicenceSchema } from '@atrium/common/schemas/schools';
import { failedWithNothingToShow } from '../../../api/client.ts';
import { useCourses } from '../../../api/courses.ts';
import { Button } from '../../../components/Button.tsx';
import { FieldLabel, Select } from '../../../components/NativeSelect.ts';
import { useForm } from '../../../components/useForm.ts';
import { SelectForm } from '../shared/adminStyles.ts';

/**
 * "Grant a licence": a course not licensed yet, and Grant (on a school's page and on a trust's).
 * A revoked licence is not offered again: it comes back with Restore, not with a second grant.
 */
export function LicenceGrantForm({
  licensed,
  busy,
  onGrant,
  onMissing,
}: {
  /** The courses it has a licence for, revoked ones included. */
  licensed: readonly number[];
  busy: boolean;
  /** `reset` empties the choice once the grant is answered. */
  onGrant(course: { id: number; title: string }, reset: () => void): void;
  /** Grant with no course chosen. */
  onMissing(): void;
}) {
  const courses = useCourses();
  const form = useForm({ courseId: '' });
  // The page reports problems (a toast, an alert), so the select shows no error of its own.
  const courseField = form.field('courseId');
  const selectId = useId();
  const grantable = (courses.data ?? []).filter((course) => !licensed.includes(course.id));
  const placeholder = failedWithNothingToShow(courses)
    ? 'The courses could not be loaded'
    : !courses.data
      ? 'Loading courses…'
      : grantable.length === 0
        ? 'Licensed for every course'
        : 'Choose a course';

  // A school's grant and a trust's take the same body: { courseId }.
  const grant = form.handleSubmit(
    schoolLicenceSchema,
    (parsed) => {
      const course = grantable.find((candidate) => candidate.id === parsed.courseId);
      if (!course) return onMissing();
      onGrant({ id: course.id, title: course.title }, () => form.reset());
    },
    { onInvalid: onMissing },
  );

  return (
    <SelectForm onSubmit={grant} noValidate aria-label="Grant a licence">
      <div>
        <FieldLabel htmlFor={selectId}>Grant a licence</FieldLabel>
        <Select
          id={selectId}
          name={courseField.name}
          value={courseField.value}
          onChange={courseField.onChange}
          disabled={!courses.data || grantable.length === 0}
        >
          <option value="">{placeholder}</option>
          {grantable.map((course) => (
            <option key={course.id} value={course.id}>
              {course.title}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" disabled={busy || grantable.length === 0}>
        Grant
      </Button>
    </SelectForm>
  );
}
