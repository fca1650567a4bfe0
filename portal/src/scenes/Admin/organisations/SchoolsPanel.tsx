import { useState } from 'react';
import styled from 'styled-components';
import type { AdminSchoolDto } from '@atrium/common';
import { useAdminSchools } from '../../../api/adminSchools.ts';
import { TextField } from '../../../components/Field.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { useDebouncedValue } from '../../../components/useDebouncedValue.ts';
import { RowLink } from '../shared/adminStyles.ts';
import { Muted, Panel, PanelHeader, RowList } from '../../../components/Panel.ts';

const count = new Intl.NumberFormat('en-GB');
const plural = (n: number, one: string, many: string) => `${count.format(n)} ${n === 1 ? one : many}`;

/** The schools that bought licences or were set up by their managers, searched by name on the server. */
export function SchoolsPanel() {
  const [query, setQuery] = useState('');
  const q = useDebouncedValue(query.trim(), 250);
  const schools = useAdminSchools(q);
  const rows = schools.data?.items ?? [];
  const total = schools.data?.total ?? null;

  return (
    <Panel aria-labelledby="schools-title">
      <PanelHeader>
        <h2 id="schools-title">Schools</h2>
        {total !== null ? (
          <Muted aria-live="polite">
            {rows.length < total ? `Showing ${count.format(rows.length)} of ${count.format(total)}: search to narrow` : plural(total, 'school', 'schools')}
          </Muted>
        ) : null}
      </PanelHeader>
      <Search>
        <TextField
          label="Search schools"
          type="search"
          placeholder="School name"
          autoComplete="off"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </Search>
      <QueryState
        read={schools}
        size="panel"
        loading="Loading schools"
        failed="The schools could not be loaded."
        isEmpty={() => rows.length === 0}
        empty={q ? `No schools match “${q}”.` : 'No schools yet. A school appears here when a manager creates it or buys for it.'}
      >
        {() => (
          <Scroller>
            <RowList aria-label="Schools">
              {rows.map((school) => (
                <SchoolRow key={school.id} school={school} />
              ))}
            </RowList>
          </Scroller>
        )}
      </QueryState>
    </Panel>
  );
}

function SchoolRow({ school }: { school: AdminSchoolDto }) {
  return (
    <li>
      <SchoolLink to={`/admin/schools/${school.id}`}>
        <Icon name="school" size={22} />
        <strong>{school.name}</strong>
        <Muted>
          {plural(school.memberCount, 'member', 'members')} · {plural(school.licenceCount, 'licence', 'licences')}
        </Muted>
      </SchoolLink>
    </li>
  );
}

const Search = styled.div`
  margin-bottom: ${({ theme }) => theme.space.sm};
`;

const Scroller = styled.div`
  max-height: 26rem;
  overflow-y: auto;
  overscroll-behavior: contain;
`;

const SchoolLink = styled(RowLink)`
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.sm};

  svg {
    flex: none;
    color: ${({ theme }) => theme.colors.accent};
  }
  strong {
    flex: 1;
    min-width: 10rem;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;
