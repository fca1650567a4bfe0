import { useAdminOverview } from '../../api/admin.ts';
import { useReviewCounts } from '../../api/assignments.ts';
import { readState } from '../../components/QueryState.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { AccessibilityPanel } from './operations/AccessibilityPanel.tsx';
import { AdminsPanel } from './people/AdminsPanel.tsx';
import { ContactInbox } from './operations/ContactInbox.tsx';
import { CoursesPanel } from './catalogue/CoursesPanel.tsx';
import { ExportButton } from './people/ExportButton.tsx';
import { QuickEnroll } from './people/QuickEnroll.tsx';
import { SalesPanel } from './billing/SalesPanel.tsx';
import { SchoolsPanel } from './organisations/SchoolsPanel.tsx';
import { SchedulerPanel } from './operations/SchedulerPanel.tsx';
import { StudentsPanel } from './people/StudentsPanel.tsx';
import { TrustsPanel } from './organisations/TrustsPanel.tsx';
import { AdminView } from './AdminView.tsx';

/** /admin: the overview's figures and the reviews waiting; every panel is its own container. */
export function AdminScene() {
  usePageTitle('Admin Dashboard');
  const overview = useAdminOverview();
  const reviews = useReviewCounts();
  return (
    <AdminView
      overview={readState(overview)}
      awaitingReviews={reviews.data?.awaiting ?? 0}
      exportButton={<ExportButton />}
      panels={{
        courses: <CoursesPanel />,
        enroll: <QuickEnroll />,
        students: <StudentsPanel />,
        inbox: <ContactInbox unhandled={overview.data?.unhandledMessages} />,
        schools: <SchoolsPanel />,
        sales: <SalesPanel />,
        trusts: <TrustsPanel />,
        scheduler: <SchedulerPanel />,
        admins: <AdminsPanel />,
        accessibility: <AccessibilityPanel />,
      }}
    />
  );
}
