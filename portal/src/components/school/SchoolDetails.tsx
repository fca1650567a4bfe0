import { useState } from 'react';
import styled from 'styled-components';
import type { SchoolDto } from '@atrium/common';
import { countryName } from '@atrium/common/rules/countries';
import { schoolUpdateSchema } from '@atrium/common/schemas/schools';
import { errorText } from '../../api/client.ts';
import { useUpdateSchool } from '../../api/schools.ts';
import { Button } from '../Button.tsx';
import { Form } from '../Field.tsx';
import { useToast } from '../toast/Toaster.tsx';
import { useForm } from '../useForm.ts';
import { SchoolFields, type SchoolFieldValues } from './SchoolFields.tsx';

/**
 * A school's name and country, with "Edit" for whoever may change them: its managers on /school
 * (`root` /api/schools/:id) and admins on /admin/schools/:id (`root` /api/admin/schools/:id).
 */
export function SchoolDetails({ school, root }: { school: Pick<SchoolDto, 'name' | 'country'>; root: string }) {
  const [editing, setEditing] = useState(false);
  return (
    <Wrap>
      {editing ? (
        <SchoolDetailsForm school={school} root={root} onDone={() => setEditing(false)} />
      ) : (
        <Summary>
          <dl>
            <dt>Name</dt>
            <dd>{school.name}</dd>
            <dt>Country</dt>
            <dd>{countryName(school.country) ?? school.country}</dd>
          </dl>
          <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
            Edit name or country
          </Button>
        </Summary>
      )}
    </Wrap>
  );
}

function SchoolDetailsForm({ school, root, onDone }: { school: Pick<SchoolDto, 'name' | 'country'>; root: string; onDone(): void }) {
  const update = useUpdateSchool(root);
  const { toast } = useToast();
  const [initial] = useState<SchoolFieldValues>(() => ({ name: school.name, country: school.country }));
  const form = useForm(initial);
  const submit = form.handleSubmit(schoolUpdateSchema, (input) =>
    update.mutate(input, {
      onSuccess: (saved) => {
        toast({ title: 'School details saved', description: `${saved.name}, ${countryName(saved.country) ?? saved.country}.`, variant: 'success' });
        onDone();
      },
      onError: (error) => {
        if (form.showServerErrors(error)) return;
        toast({ title: 'Could not save the school details', description: errorText(error, 'Please try again.'), variant: 'destructive' });
      },
    }),
  );
  return (
    <Form onSubmit={submit} noValidate aria-label="Edit the school's name and country">
      <SchoolFields form={form} />
      <Actions>
        <Button variant="ghost" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save'}
        </Button>
      </Actions>
    </Form>
  );
}

const Wrap = styled.div`
  min-width: 0;
`;

const Summary = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};

  dl {
    display: grid;
    grid-template-columns: auto 1fr;
    gap: ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.md};
    margin: 0;
    min-width: 0;
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.xs};
`;
