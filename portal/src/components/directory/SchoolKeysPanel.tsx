import { useState } from 'react';
import { ApiError, errorText } from '../../api/client.ts';
import { useDirectorySchools, useSetDirectoryKey } from '../../api/directory.ts';
import { readState } from '../QueryState.tsx';
import { useToast } from '../toast/Toaster.tsx';
import { SchoolKeysView } from './SchoolKeysView.tsx';

/** The keys a trust's directory names its schools by, under `root` (`/api/trusts/:id` or its admin twin): reads and saves them. */
export function SchoolKeysPanel({ root }: { root: string }) {
  const schools = useDirectorySchools(root);
  const save = useSetDirectoryKey(root);
  const { toast } = useToast();
  const [values, setValues] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<number, string | undefined>>({});

  return (
    <SchoolKeysView
      schools={readState(schools)}
      values={values}
      errors={errors}
      saving={save.isPending ? save.variables.schoolId : null}
      onChange={(schoolId, value) => {
        setValues((current) => ({ ...current, [schoolId]: value }));
        setErrors((current) => ({ ...current, [schoolId]: undefined }));
      }}
      onSave={(schoolId, event) => {
        event.preventDefault();
        const key = values[schoolId] ?? schools.data?.find((school) => school.id === schoolId)?.key ?? '';
        save.mutate(
          { schoolId, key },
          {
            onSuccess: (school) => {
              setValues(({ [schoolId]: _saved, ...rest }) => rest);
              toast({
                title: school.key ? `${school.name}: key saved` : `${school.name} is found by its name again`,
                variant: 'success',
              });
            },
            onError: (error) => {
              const sentence = error instanceof ApiError ? error.data?.errors?.key : undefined;
              if (sentence) setErrors((current) => ({ ...current, [schoolId]: sentence }));
              else toast({ title: 'Not saved', description: errorText(error, 'Please try again.'), variant: 'destructive' });
            },
          },
        );
      }}
    />
  );
}
