import { useState } from 'react';
import type { CourseSummaryDto } from '@atrium/common';
import { useSaveCourse } from '../../../api/adminCatalogue.ts';
import { errorText } from '../../../api/client.ts';
import { useToast } from '../../../components/toast/Toaster.tsx';
import { CourseFormView } from './CourseFormView.tsx';

const MISSING = { title: 'Missing information', description: 'Please fill in all course details.' };

/** Saves the course the admin's form holds and says so: draws CourseFormView. */
export function CourseFormDialog({ course, open, onOpenChange }: { course: CourseSummaryDto | null; open: boolean; onOpenChange(open: boolean): void }) {
  const save = useSaveCourse();
  const { toast } = useToast();
  // A refusal that named the form's fields is said on them; any other is said above the buttons.
  const [onFields, setOnFields] = useState(false);
  const refusal =
    save.error && !onFields
      ? errorText(save.error, course ? 'The course was not saved. Please try again.' : 'The course was not created. Please try again.')
      : null;

  return (
    <CourseFormView
      course={course}
      open={open}
      onOpenChange={(next) => {
        // Each opening starts without the last one's refusal.
        if (!next) save.reset();
        onOpenChange(next);
      }}
      saving={save.isPending}
      refusal={refusal}
      onMissing={() => toast({ ...MISSING, variant: 'destructive' })}
      onSave={(fields, showOnFields) => {
        save.mutate(
          { id: course?.id ?? null, fields },
          {
            onSuccess: (saved) => {
              toast({ title: course ? 'Course updated' : 'Course created', description: saved.title, variant: 'success' });
              onOpenChange(false);
            },
            onError: (error) => setOnFields(showOnFields(error)),
          },
        );
      }}
    />
  );
}
