import { useAccessibilityStatement, useReportAccessibilityProblem } from '../../api/accessibility.ts';
import { Container } from '../../components/Layout.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useAuth } from '../../session/AuthProvider.tsx';
import { AccessibilityStatement } from './AccessibilityStatement.tsx';
import { ReportProblemForm } from './ReportProblemForm.tsx';

/** /accessibility: the public accessibility statement and its report form, signed in or not. */
export function AccessibilityScene() {
  usePageTitle('Accessibility statement');
  const statement = useAccessibilityStatement();
  const report = useReportAccessibilityProblem();
  const { user } = useAuth();
  const name = user ? [user.firstName, user.lastName].filter(Boolean).join(' ') : '';
  return (
    <Container $narrow>
      <QueryState
        read={statement}
        contained={false}
        loading="Loading the accessibility statement"
        failed="The accessibility statement could not be loaded"
        fallback="Please try again in a moment."
      >
        {(shown) => (
          <AccessibilityStatement
            statement={shown}
            reportForm={
              <ReportProblemForm
                initial={user ? { name, email: user.email } : undefined}
                pending={report.isPending}
                onSubmit={async (input) => (await report.mutateAsync(input)).message}
              />
            }
          />
        )}
      </QueryState>
    </Container>
  );
}
