import type { ReactNode } from 'react';
import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import type { AdminOverviewDto } from '@atrium/common';
import { ButtonLink } from '../../components/Button.tsx';
import { Container, PageHeading } from '../../components/Layout.tsx';
import { Panel, PanelHeader } from '../../components/Panel.ts';
import { QueryState, type ReadState } from '../../components/QueryState.tsx';
import { Tile, Tiles } from './shared/adminStyles.ts';

const count = new Intl.NumberFormat('en-GB');

/** The admin's panels, each its own container, placed by the view. */
export interface AdminPanels {
  courses: ReactNode;
  enroll: ReactNode;
  students: ReactNode;
  inbox: ReactNode;
  schools: ReactNode;
  sales: ReactNode;
  trusts: ReactNode;
  scheduler: ReactNode;
  admins: ReactNode;
  accessibility: ReactNode;
}

export interface AdminViewProps {
  overview: ReadState<AdminOverviewDto>;
  /** Submissions waiting for a review, counted on the Reviews link (0: none, or not known yet). */
  awaitingReviews: number;
  /** The students' export (ExportButton, its own container), among the page's actions. */
  exportButton: ReactNode;
  panels: AdminPanels;
}

/** /admin: the catalogue, the student base, enrollments, the inbox and sales in one place. */
export function AdminView({ overview, awaitingReviews, exportButton, panels }: AdminViewProps) {
  return (
    <Container>
      <PageHeading
        title="Admin Dashboard"
        lead="Courses, students, schools, enrollments and messages."
        actions={
          <>
            {/* Named from its text, "Reviews 4 awaiting": the count shown is part of the name. */}
            <ButtonLink to="/admin/reviews" variant="secondary">
              Reviews
              {awaitingReviews > 0 ? (
                <>
                  <Waiting>{count.format(awaitingReviews)}</Waiting>
                  <span className="visually-hidden"> awaiting</span>
                </>
              ) : null}
            </ButtonLink>
            <ButtonLink to="/admin/insights" variant="secondary">
              Insights
            </ButtonLink>
            <ButtonLink to="/admin/moderation" variant="secondary">
              Moderation
            </ButtonLink>
            {exportButton}
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
        <Area $area="courses">{panels.courses}</Area>
        <Area $area="enroll">{panels.enroll}</Area>
        <Area $area="students">{panels.students}</Area>
        <Area $area="inbox">{panels.inbox}</Area>
        <Area $area="schools">{panels.schools}</Area>
        <Area $area="sales">{panels.sales}</Area>
      </Layout>
      <Below>{panels.trusts}</Below>
      <Below>{panels.scheduler}</Below>
      <Below>{panels.admins}</Below>
      <Below>{panels.accessibility}</Below>
    </Container>
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
