import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import { useAdminOverview } from '../../api/admin.ts';
import { useReviewCounts } from '../../api/assignments.ts';
import { Container, PageHeading } from '../../components/Layout.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { AccessibilityPanel } from './operations/AccessibilityPanel.tsx';
import { AdminsPanel } from './people/AdminsPanel.tsx';
import { ContactInbox } from './operations/ContactInbox.tsx';
import { CoursesPanel } from './catalogue/CoursesPanel.tsx';
import { ExportButton } from './people/ExportButton.tsx';
import { ButtonLink } from '../../components/Button.tsx';
import { QuickEnroll } from './people/QuickEnroll.tsx';
import { SalesPanel } from './billing/SalesPanel.tsx';
import { SchoolsPanel } from './organisations/SchoolsPanel.tsx';
import { SchedulerPanel } from './operations/SchedulerPanel.tsx';
import { StudentsPanel } from './people/StudentsPanel.tsx';
import { TrustsPanel } from './organisations/TrustsPanel.tsx';
import { Tile, Tiles } from './shared/adminStyles.ts';
import { Panel, PanelHeader } from '../../components/Panel.ts';

const count = new Intl.NumberFormat('en-GB');

/** /admin: the catalogue, the student base, enrollments, the inbox and sales in one place. */
export function AdminScene() {
  usePageTitle('Admin Dashboard');
  const overview = useAdminOverview();
  return (
    <Container>
      <PageHeading
        title="Admin Dashboard"
        lead="Courses, students, schools, enrollments and messages."
        actions={
          <>
            <ReviewsLink />
            <ButtonLink to="/admin/insights" variant="secondary">
              Insights
            </ButtonLink>
            <ButtonLink to="/admin/moderation" variant="secondary">
              Moderation
            </ButtonLink>
            <ExportButton />
          </>
        }
      />
      <Layout>
        <Area $area="overview">
          <Panel aria-labelledby="overview-title">
            <PanelHeader>
              <h2 id="overview-title">Overview</h2>
            </PanelHeader>
            <QueryState read={overview} size="panel" loading="Loading the overview" failed="The overview could not be loaded.">
              {(data) => (
                <Tiles>
                  <Tile>
                    <dt>Total Students</dt>
                    <dd>{count.format(data.totalStudents)}</dd>
                  </Tile>
                  <Tile>
                    <dt>Total Enrollments</dt>
                    <dd>{count.format(data.totalEnrollments)}</dd>
                  </Tile>
                  <Tile>
                    <dt>Courses</dt>
                    <dd>{count.format(data.totalCourses)}</dd>
                  </Tile>
                  <Tile>
                    <dt>Unanswered messages</dt>
                    <dd>{count.format(data.unhandledMessages)}</dd>
                  </Tile>
                </Tiles>
              )}
            </QueryState>
          </Panel>
        </Area>
        <Area $area="courses">
          <CoursesPanel />
        </Area>
        <Area $area="enroll">
          <QuickEnroll />
        </Area>
        <Area $area="students">
          <StudentsPanel />
        </Area>
        <Area $area="inbox">
          <ContactInbox unhandled={overview.data?.unhandledMessages} />
        </Area>
        <Area $area="schools">
          <SchoolsPanel />
        </Area>
        <Area $area="sales">
          <SalesPanel />
        </Area>
      </Layout>
      <Below>
        <TrustsPanel />
      </Below>
      <Below>
        <SchedulerPanel />
      </Below>
      <Below>
        <AdminsPanel />
      </Below>
      <Below>
        <AccessibilityPanel />
      </Below>
    </Container>
  );
}

/** Reviews, with how many submissions wait for one (issue 37). */
function ReviewsLink() {
  const counts = useReviewCounts();
  const awaiting = counts.data?.awaiting ?? 0;
  return (
    <ButtonLink to="/admin/reviews" variant="secondary" aria-label={awaiting > 0 ? `Reviews, ${awaiting} awaiting` : 'Reviews'}>
      Reviews
      {awaiting > 0 ? <Waiting aria-hidden="true">{count.format(awaiting)}</Waiting> : null}
    </ButtonLink>
  );
}

const Waiting = styled.span`
  min-width: 1.5rem;
  padding: 0 ${({ theme }) => theme.space.xxs};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.accent};
  color: ${({ theme }) => theme.colors.onAccent};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-variant-numeric: tabular-nums;
  text-align: center;
`;

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  grid-template-areas: 'overview' 'courses' 'enroll' 'students' 'inbox' 'schools' 'sales';
  gap: ${({ theme }) => theme.space.lg};

  ${media.desktop} {
    grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
    grid-template-areas:
      'overview overview'
      'courses enroll'
      'students inbox'
      'students schools'
      'sales sales';
    align-items: start;
  }
`;

const Area = styled.div<{ $area: string }>`
  grid-area: ${({ $area }) => $area};
  min-width: 0;

  & > section {
    height: 100%;
  }
`;

const Below = styled.div`
  margin-top: ${({ theme }) => theme.space.lg};
`;
