import styled from 'styled-components';
import type { PublicRecordDto } from '@atrium/common';
import { cpdHoursText, cpdSummary } from '@atrium/common/rules/cpd';
import { formatCalendarDate, formatInstantDate } from '@atrium/common/rules/dates';
import { Badge } from '../../components/Badge.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Container, PageHeading } from '../../components/Layout.tsx';
import { EmptyText, Muted, Panel, PanelHeader, PanelLead } from '../../components/Panel.ts';
import { CpdFacts as Facts } from '../../components/cpd/CpdFacts.ts';

/** A shared CPD record (issue 59): the verified courses and hours only, each certificate checkable. */
export function RecordView({ record }: { record: PublicRecordDto }) {
  return (
    <Container>
      <PageHeading
        title={`Verified CPD record of ${record.name}`}
        lead={`${cpdHoursText(record.totalVerifiedHours)} of verified professional development. Produced ${formatInstantDate(record.generatedAt)}.`}
        actions={
          <PdfLink href={record.pdfPath} target="_blank" rel="noreferrer">
            <Icon name="printer" size={18} /> Printable PDF
          </PdfLink>
        }
      />
      <Panels>
        <Panel aria-labelledby="record-years-title">
          <PanelHeader>
            <h2 id="record-years-title">Hours per school year</h2>
            <Badge $tone="success">
              <Icon name="shield" size={14} /> Verified
            </Badge>
          </PanelHeader>
          <PanelLead>
            Only courses completed and certified on this platform are listed. Training the person reported themselves is not part of this record.
          </PanelLead>
          {record.years.length === 0 ? (
            <EmptyText>No courses completed yet.</EmptyText>
          ) : (
            <Years aria-label="Hours per school year">
              {record.years.map((year) => (
                <li key={year.start}>
                  <strong>{year.label}</strong>
                  <Muted>
                    {formatCalendarDate(year.start)} – {formatCalendarDate(year.end)}
                  </Muted>
                  <span>
                    {cpdHoursText(year.verifiedHours)} · {year.courses === 1 ? '1 course' : `${year.courses} courses`}
                  </span>
                </li>
              ))}
            </Years>
          )}
        </Panel>
        <Panel aria-labelledby="record-courses-title">
          <PanelHeader>
            <h2 id="record-courses-title">Completed courses</h2>
          </PanelHeader>
          <PanelLead>Each certificate can be checked against its digital signature.</PanelLead>
          {record.courses.length === 0 ? (
            <EmptyText>No courses completed yet.</EmptyText>
          ) : (
            <Courses aria-label="Completed courses">
              {record.courses.map((course) => (
                <li key={course.certificateNumber}>
                  <h3>{course.courseName}</h3>
                  <Facts>
                    <span>Completed {formatCalendarDate(course.completedOn)}</span>
                    <strong>{cpdSummary(course) ?? 'No hours stated'}</strong>
                    {course.quizScore === null ? null : <span>Final quiz {course.quizScore}&nbsp;%</span>}
                  </Facts>
                  <Facts>
                    <span>Certificate {course.certificateNumber}</span>
                    <a href={course.verifyPath}>
                      Check this certificate<span className="visually-hidden"> for {course.courseName}</span>
                    </a>
                  </Facts>
                </li>
              ))}
            </Courses>
          )}
        </Panel>
      </Panels>
    </Container>
  );
}

const Panels = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
`;

const PdfLink = styled.a`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  font-weight: 600;
`;

const Years = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;

  > li {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
    align-items: baseline;
  }
`;

const Courses = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;

  > li {
    display: grid;
    gap: ${({ theme }) => theme.space.xs};
    padding: ${({ theme }) => theme.space.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.md};
  }

  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSize.md};
    overflow-wrap: anywhere;
  }
`;
