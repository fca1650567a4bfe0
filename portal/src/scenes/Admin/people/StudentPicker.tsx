import { useId, useState } from 'react';
import styled from 'styled-components';
import type { StudentDto } from '@atrium/common';
import { useStudentMatches } from '../../../api/adminStudents.ts';
import { Avatar, displayName } from '../../../components/Avatar.tsx';
import { Button } from '../../../components/Button.tsx';
import { TextField } from '../../../components/Field.tsx';
import { useDebouncedValue } from '../../../components/useDebouncedValue.ts';
import { Muted } from '../../../components/Panel.ts';
import { errorText, failedWithNothingToShow } from '../../../api/client.ts';

/**
 * Find one student by name or e-mail, searched on the server (the first few matches only), and
 * pick them with a button: plain buttons keep it usable by keyboard and screen reader alike.
 */
export function StudentPicker({ selected, onSelect }: { selected: StudentDto | null; onSelect(student: StudentDto | null): void }) {
  const [query, setQuery] = useState('');
  const q = useDebouncedValue(query.trim(), 250);
  const matches = useStudentMatches(q);
  const resultsId = useId();

  if (selected) {
    return (
      <Chosen aria-label="Selected student">
        <Avatar person={selected} src={selected.profileImageUrl} size={36} decorative />
        <Who>
          <strong>{displayName(selected)}</strong>
          <Muted>{selected.email}</Muted>
        </Who>
        <Button variant="secondary" size="sm" onClick={() => onSelect(null)}>
          Change
        </Button>
      </Chosen>
    );
  }

  const items = matches.data?.items ?? [];
  return (
    <div>
      <TextField
        label="Find a student"
        type="search"
        placeholder="Type a name or e-mail"
        autoComplete="off"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        aria-controls={resultsId}
      />
      <Results id={resultsId} aria-label="Matching students" aria-busy={matches.isFetching}>
        {failedWithNothingToShow(matches) ? (
          <li>
            <Muted role="alert">Search failed ({errorText(matches.error, 'please try again')}).</Muted>
          </li>
        ) : items.length === 0 && !matches.isPending ? (
          <li>
            <Muted>{q ? `No students match “${q}”.` : 'No students yet.'}</Muted>
          </li>
        ) : (
          items.map((student) => (
            <li key={student.id}>
              <Option type="button" onClick={() => onSelect(student)}>
                <Avatar person={student} src={student.profileImageUrl} size={28} decorative />
                <Who>
                  <strong>{displayName(student)}</strong>
                  <Muted>{student.email}</Muted>
                </Who>
              </Option>
            </li>
          ))
        )}
      </Results>
    </div>
  );
}

const Results = styled.ul`
  display: grid;
  gap: 2px;
  max-height: 15rem;
  overflow-y: auto;
  margin: ${({ theme }) => theme.space.xs} 0 0;
  padding: ${({ theme }) => theme.space.xxs};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  list-style: none;

  & > li > span {
    display: block;
    padding: ${({ theme }) => theme.space.xs};
  }
`;

const Option = styled.button`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  width: 100%;
  min-height: 44px;
  padding: ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.xs};
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  text-align: left;
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colors.accentSoft};
  }
`;

const Who = styled.span`
  display: grid;
  flex: 1;
  min-width: 0;

  strong,
  span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  strong {
    font-weight: 600;
  }
`;

const Chosen = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.accent};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.accentSoft};
`;
