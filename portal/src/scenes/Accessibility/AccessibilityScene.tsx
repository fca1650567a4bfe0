import { useAccessibilityStatement, useReportAccessibilityProblem } from '../../api/accessibility.ts';
import { readState } from '../../components/QueryState.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useAuth } from '../../session/AuthProvider.tsx';
import { AccessibilityView } from './AccessibilityView.tsx';

/** /accessibility: the public accessibility statement and its report form, signed in or not. */
export function AccessibilityScene() {
  usePageTitle('Accessibility statement');
  const statement = useAccessibilityStatement();
  const report = useReportAccessibilityProblem();
  const { user } = useAuth();
  const name = user ? [user.firstName, user.lastName].filter(Boolean).join(' ') : '';
  return (
    <AccessibilityView
      statement={readState(statement)}
      report={{
        initial: user ? { name, email: user.email } : undefined,
        pending: report.isPending,
        onSubmit: async (input) => (await report.mutateAsync(input)).message,
      }}
    />
  );
}
