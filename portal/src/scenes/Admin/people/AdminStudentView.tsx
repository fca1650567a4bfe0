import type { ReactNode } from 'react';
import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import type { StudentDetailDto } from '@atrium/common';
import { formatInstantDate } from '@atrium/common/rules/dates';
import { Avatar, displayName } from '../../../components/Avatar.tsx';
import { Badge } from '../../../components/Badge.tsx';
import type { ReadState } from '../../../components/QueryState.tsx';
import { AdminRecordPage, BackToAdmin } from '../shared/AdminRecordPage.tsx';
import { Facts, PageTitle, Tile, Tiles } from '../shared/adminStyles.ts';
import { Panel, PanelHeader } from '../../../components/Panel.ts';

export interface AdminStudentViewProps {
  student: ReadState<StudentDetailDto>;
  /** False when the address names no account (`/admin/students/abc`): nothing is asked. */
  wellFormed: boolean;
  /** The enrollments panel and the certificates panel, containers of their own, for the student shown. */
  panels?: (student: StudentDetailDto) => { enrollments: ReactNode; certificates: ReactNode };
}

/** /admin/students/:studentId: who they are, their figures, their courses and certificates. */
export function AdminStudentView({ student, wellFormed, panels }: AdminStudentViewProps) {
  return (
    <AdminRecordPage
      read={student}
      wellFormed={wellFormed}
      loading="Loading student"
      failed="Failed to fetch student"
      notFound={{ icon: 'user', title: 'Student Not Found', text: 'There is no account with this id. It may have been deleted.' }}
    >
      {(shown) => <StudentPage student={shown} panels={panels?.(shown)} />}
    </AdminRecordPage>
  );
}

function StudentPage({ student, panels }: { student: StudentDetailDto; panels?: { enrollments: ReactNode; certificates: ReactNode } }) {
  const name = displayName(student);
  return (
    <>
      <Header>
        <Avatar person={student} src={student.profileImageUrl} size={64} decorative />
        <div>
          <PageTitle>
            {name} <Badge $tone={student.role === 'admin' ? 'warning' : 'neutral'}>{student.role === 'admin' ? 'Admin' : 'Learner'}</Badge>
          </PageTitle>
          <Facts>
            <a href={`mailto:${student.email}`}>{student.email}</a>
            <span>Joined {formatInstantDate(student.createdAt)}</span>
            {student.company ? <span>{student.company}</span> : null}
          </Facts>
        </div>
        <HeaderAction>
          <BackToAdmin />
        </HeaderAction>
      </Header>
      <Layout>
        <Panel aria-labelledby="stats-title" style={{ gridArea: 'stats' }}>
          <PanelHeader>
            <h2 id="stats-title">Statistics</h2>
          </PanelHeader>
          <Tiles>
            <Tile>
              <dt>Total enrollments</dt>
              <dd>{student.stats.totalEnrollments}</dd>
            </Tile>
            <Tile>
              <dt>Completed modules</dt>
              <dd>{student.stats.completedModules}</dd>
            </Tile>
            <Tile>
              <dt>Average progress</dt>
              <dd>{student.stats.averageProgress}%</dd>
            </Tile>
          </Tiles>
        </Panel>
        <div style={{ gridArea: 'enrollments', minWidth: 0 }}>{panels?.enrollments}</div>
        <div style={{ gridArea: 'certificates', minWidth: 0 }}>{panels?.certificates}</div>
      </Layout>
    </>
  );
}

const Header = styled.div`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.xl};

  ${media.tablet} {
    grid-template-columns: auto minmax(0, 1fr) auto;
  }
`;

const HeaderAction = styled.div`
  grid-column: 1 / -1;

  ${media.tablet} {
    grid-column: auto;
  }
`;

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  grid-template-areas: 'stats' 'enrollments' 'certificates';
  gap: ${({ theme }) => theme.space.lg};

  ${media.desktop} {
    grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
    grid-template-areas:
      'stats stats'
      'enrollments certificates';
    align-items: start;
  }
`;
