import type { FormEvent } from 'react';
import styled from 'styled-components';
import type { DirectorySchoolDto } from '@atrium/common';
import { Button } from '../Button.tsx';
import { TextField } from '../Field.tsx';
import { Panel, PanelHeader, PanelLead } from '../Panel.ts';
import { QueryState, type ReadState } from '../QueryState.tsx';

export interface SchoolKeysViewProps {
  schools: ReadState<DirectorySchoolDto[]>;
  /** What each school's field holds now (its saved key until edited), by school id. */
  values: Record<number, string>;
  /** The server's sentence for a school's key, by school id. */
  errors: Record<number, string | undefined>;
  /** The school whose key is being saved, if any. */
  saving: number | null;
  onChange(schoolId: number, value: string): void;
  onSave(schoolId: number, event: FormEvent): void;
}

/**
 * "How your directory names your schools" on /trust (issue 56): a trust's directory says which
 * school a person belongs to (SCIM's enterprise `organization`, a OneRoster org's `sourcedId`).
 * Each school is matched by its name, or by the key its managers give it here. Props only:
 * SchoolKeysPanel reads and saves.
 */
export function SchoolKeysView({ schools, values, errors, saving, onChange, onSave }: SchoolKeysViewProps) {
  return (
    <Panel aria-labelledby="school-keys-title">
      <PanelHeader>
        <h2 id="school-keys-title">How your directory names your schools</h2>
      </PanelHeader>
      <PanelLead>
        Your directory says which school each person works at: the <b>organization</b> attribute (Entra ID, Okta, Google Workspace) or the org’s{' '}
        <b>sourcedId</b> in a OneRoster bundle. A school is found by its name; when your directory names it differently, give its name or ID there here.
      </PanelLead>
      <QueryState
        read={schools}
        size="panel"
        loading="Loading the trust’s schools"
        failed="The trust’s schools could not be loaded."
        isEmpty={(rows) => rows.length === 0}
        empty="Your trust has no schools yet."
      >
        {(rows) => (
          <Rows>
            {rows.map((school) => (
              <li key={school.id}>
                <Row aria-label={`Directory key of ${school.name}`} noValidate onSubmit={(event) => onSave(school.id, event)}>
                  <TextField
                    label={school.name}
                    hint={school.key ? `Found by the key “${school.key}”` : 'Found by its name'}
                    name={`key-${school.id}`}
                    value={values[school.id] ?? school.key ?? ''}
                    error={errors[school.id] ?? null}
                    autoComplete="off"
                    spellCheck={false}
                    onChange={(event) => onChange(school.id, event.currentTarget.value)}
                  />
                  <Button type="submit" variant="secondary" size="sm" disabled={saving === school.id}>
                    {saving === school.id ? 'Saving…' : 'Save'}
                  </Button>
                </Row>
              </li>
            ))}
          </Rows>
        )}
      </QueryState>
    </Panel>
  );
}

const Rows = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Row = styled.form`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  align-items: end;
  gap: ${({ theme }) => theme.space.sm};

  @media (max-width: 480px) {
    grid-template-columns: minmax(0, 1fr);

    button {
      justify-self: start;
    }
  }
`;
