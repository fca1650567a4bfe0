import { useAccessibilityStatement, useReportAccessibilityProblem } from '../../api/accessibility.ts';
import { Container } from '../../components/Layout.tsx';
import { LoadingState } from '../../components/Loading.tsx';
import { LoadFailedMessage } from '../../components/LoadFailedMessage.tsx';
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
  if (statement.isPending) return <LoadingState label="Loading the accessibility statement" />;
  if (statement.isError) {
    return (
      <Container $narrow>
        <LoadFailedMessage
          title="The accessibility statement could not be loaded"
          error={statement.error}
          onRetry={() => void statement.refetch()}
          fallback="Please try again in a moment."
        />
      </Container>
    );
  }
  const name = user ? [user.firstName, user.lastName].filter(Boolean).join(' ') : '';
  return (
    <Container $narrow>
      <AccessibilityStatement
        statement={statement.data}
        reportForm={
          <ReportProblemForm
            initial={user ? { name, email: user.email } : undefined}
            pending={report.isPending}
            onSubmit={async (input) => (await report.mutateAsync(input)).message}
          />
        }
      />
    </Container>
  );
}
