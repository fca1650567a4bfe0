import styled from 'styled-components';
import type { SubmissionDto } from '../../api/assignmentTypes.ts';
import { BackLink } from '../../components/BackLink.tsx';
import { Container, PageHeading } from '../../components/Layout.tsx';
import { Panel } from '../../components/Panel.ts';
import { QueryState, type ReadState } from '../../components/QueryState.tsx';
import { FileView } from '../../components/assignments/FileView.tsx';
import { RoundSummary, ShownFiles } from '../../components/assignments/SubmissionParts.tsx';

export interface SchoolSubmissionViewProps {
  /** The submitted round, as the server shares it with the school's managers. */
  submission: ReadState<SubmissionDto>;
  /** False when the address names no submission (not a number): "not found" without asking. */
  wellFormed: boolean;
}

/** A member's submission, read only, with its files and the way back to the school page. */
export function SchoolSubmissionView({ submission, wellFormed }: SchoolSubmissionViewProps) {
  const back = <BackLink to="/school">Back to School</BackLink>;
  return (
    <QueryState
      read={submission}
      wellFormed={wellFormed}
      notFound={{
        icon: 'lock',
        title: 'Submission not available',
        text: 'It may have been withdrawn, or your school does not share its staff’s submissions with managers.',
      }}
      loading="Loading the submission"
      failed="This submission could not be loaded"
      back={back}
    >
      {(round) => (
        <Container>
          <PageHeading
            title={`Submission, round ${round.round}`}
            lead="Shared with your school’s managers. Only reviewers at the agency can give feedback."
            actions={back}
          />
          <Panel>
            <RoundSummary round={{ ...round, files: [] }} approvalRequired reader="reviewer" />
            <Files>
              {round.files.map((file) => (
                <li key={file.id}>
                  <FileView file={file} />
                  <span>{file.originalName}</span>
                </li>
              ))}
            </Files>
          </Panel>
        </Container>
      )}
    </QueryState>
  );
}

const Files = styled(ShownFiles)`
  li {
    display: grid;
    gap: ${({ theme }) => theme.space.xs};
  }
  audio {
    width: 100%;
  }
`;
