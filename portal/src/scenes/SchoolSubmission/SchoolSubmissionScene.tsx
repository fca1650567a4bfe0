import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { SubmissionDto } from '../../api/assignmentTypes.ts';
import { readState } from '../../components/QueryState.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { SchoolSubmissionView } from './SchoolSubmissionView.tsx';

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
  return <SchoolSubmissionView submission={readState(submission)} wellFormed={wellFormed} />;
}
