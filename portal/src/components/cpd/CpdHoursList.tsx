import styled from 'styled-components';
import type { CpdHoursDto } from '@atrium/common';
import { cpdHoursText } from '@atrium/common/rules/cpd';
import { formatCalendarDate } from '@atrium/common/rules/dates';
import { BreakableEmail } from '../BreakableEmail.tsx';
import { EmptyText, Muted } from '../Panel.ts';

/** The people's verified hours in a range and their total (issue 59), as /school and /trust show them. */
export function CpdHoursList({ hours, showSchool }: { hours: CpdHoursDto; showSchool: boolean }) {
  const range = hours.schoolYear ? `the ${hours.schoolYear} school year` : `${formatCalendarDate(hours.from)} – ${formatCalendarDate(hours.to)}`;
  return (
    <>
      <Total role="status">
        <strong>{cpdHoursText(hours.totalHours)}</strong> <span>in all, {range}</span>
      </Total>
      {hours.people.length === 0 ? (
        <EmptyText>Nobody matches these filters.</EmptyText>
      ) : (
        <TableWrap tabIndex={0} role="region" aria-label={`Verified CPD hours per person, ${range}`}>
          <Table>
            <caption className="visually-hidden">Verified CPD hours per person, {range}</caption>
            <thead>
              <tr>
                <th scope="col">Person</th>
                {showSchool ? <th scope="col">School</th> : null}
                <th scope="col">Hours</th>
                <th scope="col">Courses</th>
              </tr>
            </thead>
            <tbody>
              {hours.people.map((person) => (
                <tr key={`${person.schoolName}:${person.userId}`}>
                  <th scope="row">
                    <Person>
                      {person.name}
                      <Muted>
                        <BreakableEmail email={person.email} />
                      </Muted>
                      {person.wholeRecordShared ? <Muted>Shares their whole record</Muted> : null}
                    </Person>
                  </th>
                  {showSchool ? <td data-label="School">{person.schoolName}</td> : null}
                  <td data-label="Hours">{cpdHoursText(person.hours)}</td>
                  <td data-label="Courses">{person.courses}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableWrap>
      )}
    </>
  );
}

const Total = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.fontSize.md};
`;

/** The cell itself stays a table cell, so its border lines up with the row's. */
const Person = styled.div`
  display: grid;
`;

const TableWrap = styled.div`
  overflow-x: auto;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSize.sm};

  th,
  td {
    padding: ${({ theme }) => theme.space.sm};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    vertical-align: top;
  }

  /* An address breaks only where BreakableEmail allows (before "@" and each "."), so a phone
     keeps it readable; a column too narrow even for that makes the table scroll in its box. */
  th[scope='row'] {
    font-weight: 600;
    overflow-wrap: break-word;
  }

  thead th {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;
