import { useParams } from 'react-router';
import { useAdminSchool } from '../../../api/adminSchools.ts';
import { readState } from '../../../components/QueryState.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { SchoolDetails } from '../../../components/school/SchoolDetails.tsx';
import { StaffRoster } from '../../../components/school/StaffRoster.tsx';
import { SchoolDeadlines } from '../../../components/school/SchoolDeadlines.tsx';
import { GroupsPanel } from '../../../components/groups/GroupsPanel.tsx';
import { AdminSchoolDomains } from './AdminSchoolDomains.tsx';
import { AdminInvitationApproval } from './AdminInvitationApproval.tsx';
import { AdminSchoolView } from './AdminSchoolView.tsx';
import { SchoolLicences } from './SchoolLicences.tsx';

/** /admin/schools/:schoolId: the school read; its licences, domains, deadlines, groups and staff are panels of their own. */
export function AdminSchoolScene() {
  const { schoolId = '' } = useParams();
  const school = useAdminSchool(schoolId);
  usePageTitle(school.data?.name ?? 'School');
  return (
    <AdminSchoolView
      school={readState(school)}
      wellFormed={/^\d+$/.test(schoolId)}
      panels={(shown) => {
        const root = shown.api;
        return {
          details: <SchoolDetails school={shown} root={root} />,
          licences: <SchoolLicences school={shown} />,
          domains: <AdminSchoolDomains school={shown} />,
          deadlines: <SchoolDeadlines root={root} />,
          groups: <GroupsPanel root={root} owner="school" viewer="admin" />,
          approval: <AdminInvitationApproval school={shown} />,
          roster: <StaffRoster schoolId={shown.id} scope="admin" />,
        };
      }}
    />
  );
}
