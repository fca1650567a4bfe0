import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import type { MySchoolDto } from '@atrium/common';
import { Badge } from '../../components/Badge.tsx';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Container, PageHeading } from '../../components/Layout.tsx';
import { EmptyText, Panel, PanelHeader, PanelLead } from '../../components/Panel.ts';
import { QueryState, type ReadState } from '../../components/QueryState.tsx';

/**
 * The manager's panels, each its own container, in the order the page shows them. The view lays
 * them out; what they read and write is theirs.
 */
export interface SchoolManagerPanels {
  details: ReactNode;
  deadlines: ReactNode;
  sharing: ReactNode;
  groups: ReactNode;
  members: ReactNode;
  directory: ReactNode;
  cpdHours: ReactNode;
  /** The charts (a lazy chunk of their own). */
  insights: ReactNode;
  roster: ReactNode;
  comments: ReactNode;
  invites: ReactNode;
  domains: ReactNode;
  identityProvider: ReactNode;
}

export interface SchoolViewProps {
  /** The caller's school, their role in it and what they may do there (`can.manage`). */
  mine: ReadState<MySchoolDto>;
  /** The staff training register's download, shown to managers. */
  register: { onDownload: () => void; downloading: boolean };
  /** The manager's panels (only drawn when `can.manage`). */
  panels?: SchoolManagerPanels;
  /** The form that creates a school (CreateSchoolForm, its own container), for someone with none. */
  createSchool?: ReactNode;
}

/** /school: the manager's view of their school; members and people without one get an explanation. */
export function SchoolView({ mine, register, panels, createSchool }: SchoolViewProps) {
  return (
    <QueryState read={mine} loading="Loading your school" failed="We could not load your school" fallback="Please check your connection and try again.">
      {(data) =>
        !data.school ? (
          <NoSchool createSchool={createSchool} />
        ) : (
          <Container>
            {data.can.manage ? (
              <PageHeading
                title={data.school.name}
                lead={
                  <>
                    <Badge $tone="accent">Manager</Badge> Your staff, their progress on the school's courses, and how colleagues join.
                  </>
                }
                actions={
                  <Button variant="secondary" onClick={register.onDownload} disabled={register.downloading}>
                    <Icon name="download" size={18} /> {register.downloading ? 'Preparing…' : 'Staff training register (.xlsx)'}
                  </Button>
                }
              />
            ) : (
              <PageHeading
                title={data.school.name}
                lead="You are a member of this school: its licensed courses are open to you with your own progress and certificates."
              />
            )}
            <Stack>
              <LicensedCourses courses={data.courses} />
              {data.can.manage ? <ManagerPanels panels={panels} /> : <AskAManager />}
            </Stack>
          </Container>
        )
      }
    </QueryState>
  );
}

function LicensedCourses({ courses }: { courses: MySchoolDto['courses'] }) {
  return (
    <Panel aria-labelledby="courses-title">
      <PanelHeader>
        <h2 id="courses-title">Licensed courses</h2>
      </PanelHeader>
      {courses.length === 0 ? (
        <EmptyText>No courses are licensed for this school yet. A purchase or a paid invoice for the school licenses a course for every member.</EmptyText>
      ) : (
        <CourseList>
          {courses.map((course) => (
            <li key={course.courseId}>
              <Icon name="book" size={18} />
              <Link to={`/courses/${course.courseId}`}>{course.title}</Link>
            </li>
          ))}
        </CourseList>
      )}
    </Panel>
  );
}

function AskAManager() {
  return (
    <Panel aria-labelledby="managers-title">
      <PanelHeader>
        <h2 id="managers-title">Managing the school</h2>
      </PanelHeader>
      <p>
        Only the school's managers can see the staff list, invite colleagues and download the training register. Ask one of your managers if a colleague needs
        an invite, or if you should manage the school too.
      </p>
    </Panel>
  );
}

function ManagerPanels({ panels }: { panels: SchoolManagerPanels | undefined }) {
  if (!panels) return null;
  return (
    <>
      <Panel aria-labelledby="school-details-title">
        <PanelHeader>
          <h2 id="school-details-title">School details</h2>
        </PanelHeader>
        {panels.details}
      </Panel>
      {panels.deadlines}
      {panels.sharing}
      {panels.groups}
      {panels.members}
      {panels.directory}
      {panels.cpdHours}
      {panels.insights}
      {panels.roster}
      {panels.comments}
      <Columns>
        {panels.invites}
        {panels.domains}
      </Columns>
      {panels.identityProvider}
    </>
  );
}

function NoSchool({ createSchool }: { createSchool: ReactNode }) {
  return (
    <Container $narrow>
      <PageHeading title="My school" lead="You are not a member of a school yet." />
      <Stack>
        <Panel aria-labelledby="join-title">
          <PanelHeader>
            <h2 id="join-title">Joining your school</h2>
          </PanelHeader>
          <p>
            If your school already uses this site, ask a school manager for an invite link, or verify your e-mail address on your{' '}
            <Link to="/profile">profile</Link>: if the school has registered its e-mail domain, you join it automatically.
          </p>
        </Panel>
        <Panel aria-labelledby="create-title">
          <PanelHeader>
            <h2 id="create-title">Create a school</h2>
          </PanelHeader>
          <PanelLead>You become its manager: buy courses for every member of staff, invite colleagues and follow their training.</PanelLead>
          {createSchool}
        </Panel>
        <ButtonLink to="/" variant="ghost">
          <Icon name="arrowLeft" size={18} /> Back to Dashboard
        </ButtonLink>
      </Stack>
    </Container>
  );
}

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  min-width: 0;
`;

const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  min-width: 0;

  ${media.desktop} {
    grid-template-columns: 1fr 1fr;
    align-items: start;
  }
`;

const CourseList = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs};
    color: ${({ theme }) => theme.colors.accent};
  }
  a {
    font-weight: 500;
  }
`;
