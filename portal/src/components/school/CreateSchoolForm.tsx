import { useState } from 'react';
import { schoolSchema } from '@atrium/common/schemas/schools';
import styled from 'styled-components';
import type { SchoolDto } from '@atrium/common';
import { errorText } from '../../api/client.ts';
import { useCreateSchool } from '../../api/schools.ts';
import { Button } from '../Button.tsx';
import { localeCountry } from '../CountrySelectField.tsx';
import { Form } from '../Field.tsx';
import { useToast } from '../toast/Toaster.tsx';
import { useForm } from '../useForm.ts';
import { SchoolFields, type SchoolFieldValues } from './SchoolFields.tsx';

/**
 * Names a new school and creates it with the signed-in user as its manager. Used on /school and
 * at checkout, where a card purchase for a school needs the school to exist before the payment.
 */
export function CreateSchoolForm({
  initialName = '',
  submitLabel = 'Create school',
  onCreated,
}: {
  initialName?: string;
  submitLabel?: string;
  onCreated?(school: SchoolDto): void;
}) {
  const create = useCreateSchool();
  const { toast } = useToast();
  const [initial] = useState<SchoolFieldValues>(() => ({ name: initialName, country: localeCountry() }));
  const form = useForm(initial);

  // The country is asked for, never assumed: an empty choice is refused beside the field.
  // The result comes from the promise, not mutate's callbacks: once the manager has a school, the
  // pages around this form replace it, and TanStack Query drops a mutate call's callbacks once
  // their component has unmounted.
  const submit = form.handleSubmit(schoolSchema, ({ name, country }) =>
    create.mutateAsync({ name, country }).then(
      (school) => {
        toast({ title: 'School created', description: `You manage ${school.name}.`, variant: 'success' });
        onCreated?.(school);
      },
      (error: unknown) => {
        if (form.showServerErrors(error)) return;
        toast({ title: 'Could not create the school', description: errorText(error, 'Please try again in a moment.'), variant: 'destructive' });
      },
    ),
  );

  return (
    <Form onSubmit={submit} noValidate aria-label="Create a school">
      <SchoolFields form={form} />
      <Actions>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : submitLabel}
        </Button>
      </Actions>
    </Form>
  );
}

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
`;
