import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { CreatedTranscriptShareDto, TranscriptSchoolDto, TranscriptShareDto } from '@atrium/common';
import { formatCalendarDate, formatInstantDate } from '@atrium/common/rules/dates';
import { Button } from '../../components/Button.tsx';
import { CheckboxField } from '../../components/CheckboxField.tsx';
import { Icon } from '../../components/Icon.tsx';
import { EmptyText, Muted, Panel, PanelHeader, PanelLead } from '../../components/Panel.ts';

export interface SharingPanelProps {
  links: TranscriptShareDto[];
  schools: TranscriptSchoolDto[];
  /** The form that makes a link (a container of its own). */
  createForm: ReactNode;
  /** The link just made: shown once, since only its hash is kept. */
  created: CreatedTranscriptShareDto | null;
  onCopy: (url: string) => void;
  onRevoke: (link: TranscriptShareDto) => void;
  revokingId?: number | null;
  onShareWithSchool: (school: TranscriptSchoolDto, shared: boolean) => void;
  schoolBusyId?: number | null;
}

/** Sharing the record (issue 59): public links to the verified record, and what the person's school sees. */
export function SharingPanel({
  links,
  schools,
  createForm,
  created,
  onCopy,
  onRevoke,
  revokingId = null,
  onShareWithSchool,
  schoolBusyId = null,
}: SharingPanelProps) {
  return (
    <Panel aria-labelledby="sharing-title">
      <PanelHeader>
        <h2 id="sharing-title">Share your record</h2>
      </PanelHeader>
      <PanelLead>
        A link shows your verified record — completed courses, their hours and certificates — and a printable PDF with a QR code to check it. Training you
        reported yourself is never on it. Anyone with the link can open it until you stop it.
      </PanelLead>
      {createForm}
      {created ? (
        <Created role="status" aria-labelledby="created-link-title">
          <strong id="created-link-title">Your new link</strong>
          <Muted>Copy it now: for your safety it is not shown again. Make another one whenever you need to.</Muted>
          <LinkRow>
            <LinkText>{created.url}</LinkText>
            <Button size="sm" onClick={() => onCopy(created.url)}>
              <Icon name="copy" size={16} /> Copy link
            </Button>
            <a href={created.pdfUrl} target="_blank" rel="noreferrer">
              <Icon name="printer" size={16} /> Printable PDF
            </a>
          </LinkRow>
        </Created>
      ) : null}
      <h3>Working links</h3>
      {links.length === 0 ? (
        <EmptyText>No links: nobody can see your record through a link.</EmptyText>
      ) : (
        <Links aria-label="Working links">
          {links.map((link) => (
            <li key={link.id}>
              <div>
                <strong>{link.label || 'Link without a note'}</strong>
                <Muted>Made {formatInstantDate(link.createdAt)}</Muted>
              </div>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => onRevoke(link)}
                disabled={revokingId === link.id}
                aria-label={`${revokingId === link.id ? 'Stopping…' : 'Stop link'}: ${link.label || `made ${formatInstantDate(link.createdAt)}`}`}
              >
                {revokingId === link.id ? 'Stopping…' : 'Stop link'}
              </Button>
            </li>
          ))}
        </Links>
      )}
      {schools.length > 0 ? (
        <>
          <h3>Your school</h3>
          {schools.map((school) => (
            <div key={school.schoolId}>
              <CheckboxField
                label={`Let ${school.name} see my whole verified record`}
                hint={
                  school.sharedWholeRecord
                    ? `${school.name} counts every course you completed here, also before you joined.`
                    : `${school.name} counts only the courses you completed since you joined on ${formatCalendarDate(school.memberSince.slice(0, 10))}.`
                }
                checked={school.sharedWholeRecord}
                disabled={schoolBusyId === school.schoolId}
                onChange={(event) => onShareWithSchool(school, event.target.checked)}
              />
            </div>
          ))}
        </>
      ) : null}
    </Panel>
  );
}

const Created = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  margin: ${({ theme }) => theme.space.md} 0;
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

const LinkRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};

  a {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs};
    font-weight: 600;
  }
`;

const LinkText = styled.code`
  flex: 1 1 16rem;
  min-width: 0;
  overflow-wrap: anywhere;
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Links = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0 0 ${({ theme }) => theme.space.md};
  padding: 0;
  list-style: none;

  > li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space.sm};
    padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.md};
  }

  > li > div {
    display: grid;
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;
