import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { ExternalCpdDto, TranscriptCourseDto, TranscriptDto } from '@atrium/common';
import { CPD_EVIDENCE_ACCEPT, cpdHoursText } from '@atrium/common/rules/cpd';
import { formatFileSize } from '@atrium/common/rules/resourceTypes';
import { formatCalendarDate, formatInstantDate } from '@atrium/common/rules/dates';
import { Badge } from '../../components/Badge.tsx';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Container, PageHeading } from '../../components/Layout.tsx';
import { EmptyText, Panel, PanelHeader, PanelLead } from '../../components/Panel.ts';
import { CpdFacts as Facts } from '../../components/cpd/CpdFacts.ts';

export interface TranscriptViewProps {
  transcript: TranscriptDto;
  /** The "Add external CPD" form (a container of its own). */
  addForm?: ReactNode;
  onDelete: (entry: ExternalCpdDto) => void;
  /** The entry being removed, whose button waits. */
  deletingId?: number | null;
  /** Attaches (or replaces) an entry's evidence file; without it no evidence controls are shown. */
  onAttachEvidence?: (entry: ExternalCpdDto, file: File) => void;
  onRemoveEvidence?: (entry: ExternalCpdDto) => void;
  /** The entry whose evidence is being sent or removed. */
  evidenceBusyId?: number | null;
  /** Sharing the record (links and the school): a container of its own. */
  sharing?: ReactNode;
}

const hoursOrDash = (hours: number | null) => (hours === null ? 'No hours set' : cpdHoursText(hours));
const dayText = (day: string) => formatCalendarDate(day);
/** The day a school year starts, as the reader writes it: "1 September" in en-GB, "September 1" in en-US, as the years' own dates are. */
const yearStartText = (month: number) => formatCalendarDate(`2000-${String(month).padStart(2, '0')}-01`, { omitYearIn: 2000 });

/** /transcript: the person's professional-development record (issue 59), verified courses apart from self-reported training. */
export function TranscriptView({
  transcript,
  addForm,
  onDelete,
  deletingId = null,
  onAttachEvidence,
  onRemoveEvidence,
  evidenceBusyId = null,
  sharing,
}: TranscriptViewProps) {
  return (
    <Container>
      <PageHeading
        title="My CPD transcript"
        lead="Every course you have completed here with its hours, and training you did elsewhere. Yours to keep: it is in Download my data."
        actions={
          <ButtonLink to="/certificates" variant="secondary">
            <Icon name="award" size={18} /> My Certificates
          </ButtonLink>
        }
      />
      <Panels>
        <Panel aria-labelledby="years-title">
          <PanelHeader>
            <h2 id="years-title">Hours per school year</h2>
          </PanelHeader>
          <PanelLead>
            School years start on {yearStartText(transcript.yearStartMonth)}. Self-reported hours are counted apart and are not part of the verified record.
          </PanelLead>
          {transcript.years.length === 0 ? (
            <EmptyText>No hours yet: complete a course or add training you did elsewhere.</EmptyText>
          ) : (
            <TableWrap>
              <Table>
                <thead>
                  <tr>
                    <th scope="col">School year</th>
                    <th scope="col">Verified hours</th>
                    <th scope="col">Self-reported hours</th>
                  </tr>
                </thead>
                <tbody>
                  {transcript.years.map((year) => (
                    <tr key={year.start}>
                      <th scope="row">
                        {year.label}
                        <Small>
                          {dayText(year.start)} – {dayText(year.end)}
                        </Small>
                      </th>
                      <td data-label="Verified hours">
                        {cpdHoursText(year.verifiedHours)}
                        <Small>{year.courses === 1 ? '1 course' : `${year.courses} courses`}</Small>
                      </td>
                      <td data-label="Self-reported hours">
                        {cpdHoursText(year.selfReportedHours)}
                        <Small>{year.externalEntries === 1 ? '1 entry' : `${year.externalEntries} entries`}</Small>
                      </td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row">All years</th>
                    <td data-label="Verified hours">{cpdHoursText(transcript.totalVerifiedHours)}</td>
                    <td data-label="Self-reported hours">{cpdHoursText(transcript.totalSelfReportedHours)}</td>
                  </tr>
                </tfoot>
              </Table>
            </TableWrap>
          )}
        </Panel>

        <Panel aria-labelledby="verified-title">
          <PanelHeader>
            <h2 id="verified-title">Completed courses</h2>
            <Badge $tone="success">
              <Icon name="shield" size={14} /> Verified
            </Badge>
          </PanelHeader>
          <PanelLead>Each one has a certificate anyone can check, and a signed credential.</PanelLead>
          {transcript.courses.length === 0 ? (
            <EmptyText>No completed courses yet.</EmptyText>
          ) : (
            <Entries aria-label="Completed courses">
              {transcript.courses.map((course) => (
                <CourseEntry key={course.certificateNumber} course={course} />
              ))}
            </Entries>
          )}
        </Panel>

        <Panel aria-labelledby="external-title">
          <PanelHeader>
            <h2 id="external-title">Training elsewhere</h2>
            <Badge $tone="warning">Self-reported</Badge>
          </PanelHeader>
          <PanelLead>What you add here is your own record: it is never on a certificate or the verified record.</PanelLead>
          {transcript.external.length === 0 ? (
            <EmptyText>Nothing added yet.</EmptyText>
          ) : (
            <Entries aria-label="Training elsewhere">
              {transcript.external.map((entry) => (
                <li key={entry.id}>
                  <EntryTitle>{entry.title}</EntryTitle>
                  <Facts>
                    <span>{entry.provider}</span>
                    <span>{dayText(entry.completedOn)}</span>
                    <strong>{cpdHoursText(entry.cpdHours)}</strong>
                  </Facts>
                  {onAttachEvidence ? (
                    <Evidence entry={entry} busy={evidenceBusyId === entry.id} onAttach={onAttachEvidence} onRemove={onRemoveEvidence} />
                  ) : null}
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => onDelete(entry)}
                    disabled={deletingId === entry.id}
                    aria-label={`${deletingId === entry.id ? 'Removing…' : 'Remove'} ${entry.title}`}
                  >
                    <Icon name="trash" size={16} /> {deletingId === entry.id ? 'Removing…' : 'Remove'}
                  </Button>
                </li>
              ))}
            </Entries>
          )}
          {addForm}
        </Panel>
        {sharing}
      </Panels>
    </Container>
  );
}

/** An entry's evidence: a link to download it (its owner only) and remove it, or a file picker to attach one. */
function Evidence({
  entry,
  busy,
  onAttach,
  onRemove,
}: {
  entry: ExternalCpdDto;
  busy: boolean;
  onAttach: (entry: ExternalCpdDto, file: File) => void;
  onRemove?: (entry: ExternalCpdDto) => void;
}) {
  const inputId = `evidence-${entry.id}`;
  return (
    <EvidenceRow>
      {entry.evidence ? (
        <>
          <Icon name="download" size={16} />
          <a href={entry.evidence.downloadPath} download={entry.evidence.fileName}>
            {entry.evidence.fileName}
            <span className="visually-hidden"> (evidence for {entry.title})</span>
          </a>
          <Small as="span">{formatFileSize(entry.evidence.size)}</Small>
          {onRemove ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => onRemove(entry)}
              disabled={busy}
              aria-label={`${busy ? 'Working…' : 'Remove evidence'} for ${entry.title}`}
            >
              {busy ? 'Working…' : 'Remove evidence'}
            </Button>
          ) : null}
        </>
      ) : (
        <>
          <EvidenceLabel htmlFor={inputId}>
            {busy ? 'Uploading…' : 'Attach evidence'}
            <span className="visually-hidden"> for {entry.title}</span>
          </EvidenceLabel>
          <input
            id={inputId}
            type="file"
            accept={CPD_EVIDENCE_ACCEPT}
            disabled={busy}
            aria-describedby={`${inputId}-hint`}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) onAttach(entry, file);
            }}
          />
          <Small id={`${inputId}-hint`}>A PDF, a photo (PNG, JPEG, WebP) or a Word file, up to 10 MB. Only you can open it.</Small>
        </>
      )}
    </EvidenceRow>
  );
}

function CourseEntry({ course }: { course: TranscriptCourseDto }) {
  return (
    <li>
      <EntryTitle>{course.courseName}</EntryTitle>
      <Facts>
        <span>Completed {formatInstantDate(course.completedAt)}</span>
        <strong>{hoursOrDash(course.cpdHours)}</strong>
        {course.quizScore === null ? null : <span>Final quiz {course.quizScore}&nbsp;%</span>}
      </Facts>
      <Links>
        <a href={course.certificatePath}>
          Certificate<span className="visually-hidden"> for {course.courseName}</span>
        </a>
        <a href={course.credentialPath} download={`${course.certificateNumber}.jwt`}>
          Credential<span className="visually-hidden"> for {course.courseName}</span>
        </a>
      </Links>
    </li>
  );
}

const Panels = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
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

  thead th {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
  }

  tfoot th,
  tfoot td {
    border-bottom: 0;
    font-weight: 700;
  }
`;

const Small = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: 400;
`;

const Entries = styled.ul`
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
    justify-items: start;
  }
`;

const EntryTitle = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.md};
  overflow-wrap: anywhere;
`;

const Links = styled.p`
  display: flex;
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: 600;
`;

const EvidenceRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.fontSize.sm};

  a {
    font-weight: 600;
    overflow-wrap: anywhere;
  }

  input[type='file'] {
    max-width: 100%;
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
`;

const EvidenceLabel = styled.label`
  font-weight: 600;
`;
