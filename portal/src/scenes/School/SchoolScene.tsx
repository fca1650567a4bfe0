import { readerDay } from '@atrium/common/rules/dates';
import { lazy, Suspense } from 'react';
import type { MySchoolDto } from '@atrium/common';
import { errorText } from '../../api/client.ts';
import { useDownloadRegister, useMySchool } from '../../api/schools.ts';
import { CreateSchoolForm } from '../../components/school/CreateSchoolForm.tsx';
import { SchoolDetails } from '../../components/school/SchoolDetails.tsx';
import { readState } from '../../components/QueryState.tsx';
import { saveFile } from '../../components/saveFile.ts';
import { useToast } from '../../components/toast/Toaster.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
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
import { SchoolView, type SchoolManagerPanels } from './SchoolView.tsx';

// The charts are a chunk of their own: the rest of the page does not wait for them.
const SchoolInsights = lazy(() => import('./SchoolInsights.tsx').then((module) => ({ default: module.SchoolInsights })));

/** /school: the caller's school, read once; a manager's panels are their own containers. */
export function SchoolScene() {
  usePageTitle('My school');
  const mine = useMySchool();
  const school = mine.data?.school ?? null;
  const download = useDownloadRegister(school?.id ?? 0);
  const { toast } = useToast();
  const onDownload = () =>
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
    <SchoolView
      mine={readState(mine)}
      register={{ onDownload, downloading: download.isPending }}
      panels={mine.data ? managerPanels(mine.data) : undefined}
      createSchool={<CreateSchoolForm />}
    />
  );
}

/** A manager's panels, each calling the school's routes under the API root the server sent them (none to a member). */
function managerPanels(mine: MySchoolDto): SchoolManagerPanels | undefined {
  const { school, api: root } = mine;
  if (!school || !root || !mine.can.manage) return undefined;
  return {
    details: <SchoolDetails school={school} root={root} />,
    deadlines: <SchoolDeadlines root={root} managedSchoolId={school.id} />,
    sharing: <SubmissionSharing schoolId={school.id} enabled={mine.managersSeeSubmissions === true} />,
    groups: <GroupsPanel root={root} owner="school" />,
    members: <SchoolMembers schoolId={school.id} root={root} />,
    directory: <DirectorySyncPanel root={root} owner="school" />,
    cpdHours: <CpdHoursPanel root={root} courses={mine.courses.map((course) => ({ id: course.courseId, title: course.title }))} />,
    insights: (
      <Suspense fallback={null}>
        <SchoolInsights schoolId={school.id} courses={mine.courses} />
      </Suspense>
    ),
    roster: <StaffRoster schoolId={school.id} scope="manager" />,
    comments: <StaffComments root={root} />,
    invites: <SchoolInvites schoolId={school.id} />,
    domains: <SchoolDomains schoolId={school.id} domains={mine.domains} />,
    identityProvider: <IdentityProviderPanel root={root} owner="school" />,
  };
}
