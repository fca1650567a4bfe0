import { SCHOOL_NAME_MAX } from '@atrium/common/schemas/schools';
import { CharacterCount } from '../CharacterCount.tsx';
import { CountrySelectField } from '../CountrySelectField.tsx';
import { TextField } from '../Field.tsx';
import type { useForm } from '../useForm.ts';

export type SchoolFieldValues = { name: string; country: string };

/** A school's name and country, as asked when it is created and when it is edited. */
export function SchoolFields({ form }: { form: ReturnType<typeof useForm<SchoolFieldValues>> }) {
  return (
    <>
      <TextField
        label="School or organisation name"
        autoComplete="organization"
        markRequired
        hint={<CharacterCount value={form.values.name} max={SCHOOL_NAME_MAX} />}
        {...form.field('name')}
      />
      <CountrySelectField label="Country" markRequired placeholder="Choose the school's country" {...form.field('country')} />
    </>
  );
}
