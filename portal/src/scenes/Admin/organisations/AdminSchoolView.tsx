import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import type { AdminSchoolDetailDto } from '@atrium/common';
import { formatInstantDate } from '@atrium/common/rules/dates';
import { countryName } from '@atrium/common/rules/countries';
import { Badge } from '../../../components/Badge.tsx';
import type { ReadState } from '../../../components/QueryState.tsx';
import { AdminRecordPage, BackToAdmin } from '../shared/AdminRecordPage.tsx';
import { Facts, ItemRow, PageTitle, Tile, Tiles } from '../shared/adminStyles.ts';
import { EmptyText, Muted, Panel, PanelHeader, RowList } from '../../../components/Panel.ts';

/** The page's panels for the school shown, each its own container. */
export interface AdminSchoolPanels {
  details: ReactNode;
  licences: ReactNode;
  domains: ReactNode;
  deadlines: ReactNode;
  groups: ReactNode;
  approval: ReactNode;
  roster: ReactNode;
}

export interface AdminSchoolViewProps {
  school: ReadState<AdminSchoolDetailDto>;
  /** False when the address names no school (`/admin/schools/abc`): nothing is asked. */
  wellFormed: boolean;
  panels?: (school: AdminSchoolDetailDto) => AdminSchoolPanels;
}

/** /admin/schools/:schoolId: a school's licences (grant, revoke, restore), members, domains, deadlines and groups. */
export function AdminSchoolView({ school, wellFormed, panels }: AdminSchoolViewProps) {
  return (
    <AdminRecordPage
      read={school}
      wellFormed={wellFormed}
      loading="Loading school"
      failed="Failed to fetch school"
      notFound={{ icon: 'school', title: 'School Not Found', text: 'There is no school with this id.' }}
    >
      {(shown) => <SchoolPage school={shown} panels={panels?.(shown)} />}
    </AdminRecordPage>
  );
}

function SchoolPage({ school, panels }: { school: AdminSchoolDetailDto; panels?: AdminSchoolPanels }) {
  return (
    <>
      <Header>
        <div>
          <PageTitle>{school.name}</PageTitle>
          <Facts>
            <span>{countryName(school.country) ?? school.country}</span>
            <span>Created {formatInstantDate(school.createdAt)}</span>
            {school.domains.map((domain) => (
              <span key={domain.domain}>
                @{domain.domain}
                {domain.verifiedAt ? '' : ' (not proven)'}
              </span>
            ))}
          </Facts>
        </div>
        <BackToAdmin />
      </Header>
      <Layout>
        <Panel aria-labelledby="school-stats-title" style={{ gridArea: 'stats' }}>
          <PanelHeader>
            <h2 id="school-stats-title">Overview</h2>
          </PanelHeader>
          <Tiles>
            <Tile>
              <dt>Members</dt>
              <dd>{school.memberCount}</dd>
            </Tile>
            <Tile>
              <dt>Licences in force</dt>
              <dd>{school.licenceCount}</dd>
            </Tile>
          </Tiles>
          {panels?.details}
        </Panel>
        <div style={{ gridArea: 'licences', minWidth: 0 }}>{panels?.licences}</div>
        <div style={{ gridArea: 'members', minWidth: 0 }}>
          <Members school={school} />
        </div>
      </Layout>
      <DeadlinesStack>
        {panels?.domains}
        {panels?.deadlines}
        {panels?.groups}
      </DeadlinesStack>
      {panels?.approval}
      {panels?.roster}
    </>
  );
}

function Members({ school }: { school: AdminSchoolDetailDto }) {
  return (
    <Panel aria-labelledby="members-title">
      <PanelHeader>
        <h2 id="members-title">Members</h2>
        <Muted>{school.members.length}</Muted>
      </PanelHeader>
      {school.members.length === 0 ? (
        <EmptyText>No members.</EmptyText>
      ) : (
        <RowList aria-label="Members">
          {school.members.map((member) => (
            <MemberRow key={member.userId}>
              <div>
                <Link to={`/admin/students/${member.userId}`}>{member.name}</Link>
                <Muted as="p">
                  {member.email} · joined {formatInstantDate(member.joinedAt)}
                </Muted>
              </div>
              {member.role === 'manager' ? <Badge>Manager</Badge> : <Badge $tone="neutral">Member</Badge>}
            </MemberRow>
          ))}
        </RowList>
      )}
    </Panel>
  );
}

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.xl};
`;

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  grid-template-areas: 'stats' 'licences' 'members';
  gap: ${({ theme }) => theme.space.lg};

  ${media.desktop} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    grid-template-areas:
      'stats stats'
      'licences members';
    align-items: start;
  }
`;

const MemberRow = styled(ItemRow)`
  a {
    font-weight: 600;
  }
`;

const DeadlinesStack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  margin-top: ${({ theme }) => theme.space.lg};
`;
