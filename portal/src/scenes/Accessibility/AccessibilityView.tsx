import type { AccessibilityStatementDto } from '@atrium/common';
import { Container } from '../../components/Layout.tsx';
import { QueryState, type ReadState } from '../../components/QueryState.tsx';
import { AccessibilityStatement } from './AccessibilityStatement.tsx';
import { ReportProblemForm, type ReportProblemFormProps } from './ReportProblemForm.tsx';

export interface AccessibilityViewProps {
  statement: ReadState<AccessibilityStatementDto>;
  /** The report form: filled in for a signed-in person, sending, and how it sends. */
  report: ReportProblemFormProps;
}

/** /accessibility: the statement, with the form to report a problem where the statement asks for it. */
export function AccessibilityView({ statement, report }: AccessibilityViewProps) {
  return (
    <Container $narrow>
      <QueryState
        read={statement}
        contained={false}
        loading="Loading the accessibility statement"
        failed="The accessibility statement could not be loaded"
        fallback="Please try again in a moment."
      >
        {(shown) => <AccessibilityStatement statement={shown} reportForm={<ReportProblemForm {...report} />} />}
      </QueryState>
    </Container>
  );
}
