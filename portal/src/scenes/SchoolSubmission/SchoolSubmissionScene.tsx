import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import styled from 'styled-components';
import type { SubmissionDto } from '../../api/assignmentTypes.ts';
import { ButtonLink } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Container, PageHeading } from '../../components/Layout.tsx';
import { Panel } from '../../components/Panel.ts';
import { RecordPageGate } from '../../components/RecordPageGate.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { FileView } from '../../components/assignments/FileView.tsx';
import { RoundSummary } from '../../components/assignments/SubmissionParts.tsx';

/**
 * /school/submissions/:submissionId: what a member sent to an assignment, for a manager of their
 * school when the school shares submissions (issue 37). Read only; the server answers 404 to
 * anyone else, so this page says "not found" without telling whether it exists.
 */
export function SchoolSubmissionScene() {
  const { submissionId = '' } = useParams();
  const wellFormed = /^\d+$/.test(submissionId);
  const submission = useQuery<SubmissionDto>({ queryKey: [`/api/submissions/${submissionId}`], enabled: wellFormed });
  usePageTitle('Submission');
  const back = (
    <ButtonLink to="/school" variant="secondary">
      <Icon name="arrowLeft" size={18} /> Back to School
    </ButtonLink>
  );
  return (
    <RecordPageGate
      query={submission}
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
            <RoundSummary round={{ ...round, files: [] }} approvalRequired />
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
    </RecordPageGate>
  );
}

const Files = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  margin: ${({ theme }) => theme.space.md} 0 0;
  padding: 0;
  list-style: none;

  li {
    display: grid;
    gap: ${({ theme }) => theme.space.xs};
  }
  audio {
    width: 100%;
  }
`;
