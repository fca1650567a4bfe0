import { readerDay } from '@atrium/common/rules/dates';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import type { MySchoolDto, SchoolDto } from '@atrium/common';
import { errorText, failedWithNothingToShow } from '../../api/client.ts';
import { useDownloadRegister, useMySchool } from '../../api/schools.ts';
import { Badge } from '../../components/Badge.tsx';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { CreateSchoolForm } from '../../components/school/CreateSchoolForm.tsx';
import { SchoolDetails } from '../../components/school/SchoolDetails.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Container, PageHeading } from '../../components/Layout.tsx';
import { LoadingState } from '../../components/Loading.tsx';
import { saveFile } from '../../components/saveFile.ts';
import { LoadFailedMessage } from '../../components/LoadFailedMessage.tsx';
import { useToast } from '../../components/toast/Toaster.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { EmptyText, Panel, PanelHeader, PanelLead } from '../../components/Panel.ts';
import { SchoolDomains } from './SchoolDomains.tsx';
import { IdentityProviderPanel } from '../../components/identityProvider/IdentityProviderPanel.tsx';
import { SchoolInvites } from './SchoolInvites.tsx';
import { SchoolMembers } from './SchoolMembers.tsx';
import { SubmissionSharing } from './SubmissionSharing.tsx';
import { SchoolDeadlines } from '../../components/school/SchoolDeadlines.tsx';
import { StaffRoster } from '../../components/school/StaffRoster.tsx';
import { GroupsPanel } from '../../components/groups/GroupsPanel.tsx';
import { DirectorySyncPanel } from '../../components/directory/DirectorySyncPanel.tsx';
import { CpdHoursPanel } from '../../components/cpd/CpdHoursPanel.tsx';
import { StaffComments } from '../../components/discussion/StaffComments.tsx';

// The charts are a chunk of their own: the rest of the page does not wait for them.
const SchoolInsights = lazy(() => import('./SchoolInsights.tsx').then((module) => ({ default: module.SchoolInsights })));

/** /school: the manager's view of their school; members and people without one get an explanation. */
export function SchoolScene() {
  usePageTitle('My school');
  const mine = useMySchool();
  if (mine.isPending) return <LoadingState label="Loading your school" />;
  if (failedWithNothingToShow(mine)) {
    return (
      <Container>
        <LoadFailedMessage
          title="We could not load your school"
          error={mine.error}
          onRetry={() => void mine.refetch()}
          fallback="Please check your connection and try again."
        />
      </Container>
    );
  }
  const { school, can } = mine.data;
  if (!school) return <NoSchool />;
  if (!can.manage) return <MemberView school={school} mine={mine.data} />;
  return <ManagerView school={school} mine={mine.data} />;
}

function LicensedCourses({ mine }: { mine: MySchoolDto }) {
  return (
    <Panel aria-labelledby="courses-title">
      <PanelHeader>
        <h2 id="courses-title">Licensed courses</h2>
      </PanelHeader>
      {mine.courses.length === 0 ? (
        <EmptyText>No courses are licensed for this school yet. A purchase or a paid invoice for the school licenses a course for every member.</EmptyText>
      ) : (
        <CourseList>
          {mine.courses.map((course) => (
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

function MemberView({ school, mine }: { school: SchoolDto; mine: MySchoolDto }) {
  return (
    <Container>
      <PageHeading title={school.name} lead="You are a member of this school: its licensed courses are open to you with your own progress and certificates." />
      <Stack>
        <LicensedCourses mine={mine} />
        <Panel aria-labelledby="managers-title">
          <PanelHeader>
            <h2 id="managers-title">Managing the school</h2>
          </PanelHeader>
          <p>
            Only the school's managers can see the staff list, invite colleagues and download the training register. Ask one of your managers if a colleague
            needs an invite, or if you should manage the school too.
          </p>
        </Panel>
      </Stack>
    </Container>
  );
}

function ManagerView({ school, mine }: { school: SchoolDto; mine: MySchoolDto }) {
  return (
    <Container>
      <PageHeading
        title={school.name}
        lead={
          <>
            <Badge $tone="accent">Manager</Badge> Your staff, their progress on the school's courses, and how colleagues join.
          </>
        }
        actions={<RegisterButton schoolId={school.id} />}
      />
      <Stack>
        <LicensedCourses mine={mine} />
        <Panel aria-labelledby="school-details-title">
          <PanelHeader>
            <h2 id="school-details-title">School details</h2>
          </PanelHeader>
          <SchoolDetails school={school} root={`/api/schools/${school.id}`} />
        </Panel>
        <SchoolDeadlines root={`/api/schools/${school.id}`} managedSchoolId={school.id} />
        <SubmissionSharing schoolId={school.id} enabled={mine.managersSeeSubmissions === true} />
        <GroupsPanel root={`/api/schools/${school.id}`} owner="school" />
        <SchoolMembers schoolId={school.id} />
        <DirectorySyncPanel root={`/api/schools/${school.id}`} owner="school" />
        <CpdHoursPanel root={`/api/schools/${school.id}`} courses={mine.courses.map((course) => ({ id: course.courseId, title: course.title }))} />
        <Suspense fallback={null}>
          <SchoolInsights schoolId={school.id} courses={mine.courses} />
        </Suspense>
        <StaffRoster schoolId={school.id} scope="manager" />
        <StaffComments root={`/api/schools/${school.id}`} />
        <Columns>
          <SchoolInvites schoolId={school.id} />
          <SchoolDomains schoolId={school.id} domains={mine.domains} />
        </Columns>
        <IdentityProviderPanel root={`/api/schools/${school.id}`} owner="school" />
      </Stack>
    </Container>
  );
}

function RegisterButton({ schoolId }: { schoolId: number }) {
  const download = useDownloadRegister(schoolId);
  const { toast } = useToast();
  const run = () =>
    download.mutate(undefined, {
      onSuccess: ({ blob, filename }) => {
        const name = filename ?? `staff-training-register-${readerDay(Date.now())}.xlsx`;
        saveFile(blob, name);
        toast({ title: 'Register downloaded', description: `Saved as ${name}.`, variant: 'success' });
      },
      onError: (error) =>
        toast({ title: 'Download failed', description: errorText(error, 'Failed to download the training register.'), variant: 'destructive' }),
    });
  return (
    <Button variant="secondary" onClick={run} disabled={download.isPending}>
      <Icon name="download" size={18} /> {download.isPending ? 'Preparing…' : 'Staff training register (.xlsx)'}
    </Button>
  );
}

function NoSchool() {
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
          <CreateSchoolForm />
        </Panel>
        <ButtonLink to="/" variant="ghost">
          <Icon name="arrowLeft" size={18} /> Back to Dashboard
        </ButtonLink>
      </Stack>
    </Container>
  );
}

export const Stack = styled.div`
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
