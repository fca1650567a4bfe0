import { useState } from 'react';
import { Link, useParams } from 'react-router';
import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import type { AdminSchoolDetailDto, AdminSchoolLicenceDto, LicenceSource } from '@atrium/common';
import { formatInstantDate } from '@atrium/common/rules/dates';
import { countryName } from '@atrium/common/rules/countries';
import { useAdminSchool, useChangeLicence } from '../../../api/adminSchools.ts';
import { errorText, failedWithNothingToShow, isNotFound } from '../../../api/client.ts';
import { Badge } from '../../../components/Badge.tsx';
import { Button, ButtonLink } from '../../../components/Button.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { Container } from '../../../components/Layout.tsx';
import { LoadingState } from '../../../components/Loading.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { useToast } from '../../../components/toast/Toaster.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { SchoolDetails } from '../../../components/school/SchoolDetails.tsx';
import { StaffRoster } from '../../../components/school/StaffRoster.tsx';
import { Facts, ItemRow, PageTitle, Tile, Tiles } from '../shared/adminStyles.ts';
import { EmptyText, Muted, Panel, PanelHeader, RowList } from '../../../components/Panel.ts';
import { SchoolDeadlines } from '../../../components/school/SchoolDeadlines.tsx';
import { GroupsPanel } from '../../../components/groups/GroupsPanel.tsx';
import { AdminSchoolDomains } from './AdminSchoolDomains.tsx';
import { AdminInvitationApproval } from './AdminInvitationApproval.tsx';
import { LicenceGrantForm } from './LicenceGrantForm.tsx';

const SOURCE: Record<LicenceSource, string> = { payment: 'Card payment', order: 'Paid invoice', grant: 'Granted by an admin', trust: "The trust's licence" };

const backToAdmin = (
  <ButtonLink to="/admin" variant="secondary">
    <Icon name="arrowLeft" size={18} /> Back to Admin
  </ButtonLink>
);

/** /admin/schools/:schoolId: a school's licences (grant, revoke, restore), members, domains, deadlines and groups. */
export function AdminSchoolScene() {
  const { schoolId = '' } = useParams();
  const school = useAdminSchool(schoolId);
  usePageTitle(school.data?.name ?? 'School');

  if (school.isPending) return <LoadingState label="Loading school" />;
  if (failedWithNothingToShow(school)) {
    const missing = isNotFound(school.error) || !/^\d+$/.test(schoolId);
    return (
      <Container>
        <StatusMessage
          icon={missing ? 'school' : 'alert'}
          headingLevel={1}
          title={missing ? 'School Not Found' : 'Failed to fetch school'}
          actions={backToAdmin}
        >
          <p>{missing ? 'There is no school with this id.' : errorText(school.error, 'Please try again.')}</p>
        </StatusMessage>
      </Container>
    );
  }
  return <SchoolPage school={school.data} />;
}

function SchoolPage({ school }: { school: AdminSchoolDetailDto }) {
  return (
    <Container>
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
        {backToAdmin}
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
          <SchoolDetails school={school} root={`/api/admin/schools/${school.id}`} />
        </Panel>
        <div style={{ gridArea: 'licences', minWidth: 0 }}>
          <Licences school={school} />
        </div>
        <div style={{ gridArea: 'members', minWidth: 0 }}>
          <Members school={school} />
        </div>
      </Layout>
      <DeadlinesStack>
        <AdminSchoolDomains school={school} />
        <SchoolDeadlines root={`/api/admin/schools/${school.id}`} />
        <GroupsPanel root={`/api/admin/schools/${school.id}`} owner="school" viewer="admin" />
      </DeadlinesStack>
      <AdminInvitationApproval school={school} />
      <StaffRoster schoolId={school.id} scope="admin" />
    </Container>
  );
}

function Licences({ school }: { school: AdminSchoolDetailDto }) {
  const change = useChangeLicence(school.id);
  const { toast } = useToast();
  const [revoking, setRevoking] = useState<AdminSchoolLicenceDto | null>(null);

  const run = (kind: 'grant' | 'revoke' | 'restore', id: number, title: string, done?: () => void) =>
    change.mutate(
      { kind, courseId: id },
      {
        onSuccess: () => {
          done?.();
          const what = { grant: 'Licence granted', revoke: 'Licence revoked', restore: 'Licence restored' }[kind];
          toast({ title: what, description: `${title} for ${school.name}.`, variant: 'success' });
        },
        onError: (error) => {
          done?.();
          toast({ title: 'The licence could not be changed', description: errorText(error, 'Please try again.'), variant: 'destructive' });
        },
      },
    );

  return (
    <Panel aria-labelledby="licences-title">
      <PanelHeader>
        <h2 id="licences-title">Licences</h2>
      </PanelHeader>
      <LicenceGrantForm
        licensed={school.licences.map((licence) => licence.courseId)}
        busy={change.isPending}
        onGrant={(course, reset) => run('grant', course.id, course.title, reset)}
        onMissing={() => toast({ title: 'Missing information', description: 'Choose a course to license.', variant: 'destructive' })}
      />
      {school.licences.length === 0 ? (
        <EmptyText>No licences yet. A card payment or a paid invoice for the school licenses a course, or grant one here.</EmptyText>
      ) : (
        <RowList aria-label="Licensed courses">
          {school.licences.map((licence) => (
            <ItemRow key={licence.courseId}>
              <div>
                <strong>{licence.title}</strong> {licence.revokedAt ? <Badge $tone="warning">Revoked</Badge> : <Badge $tone="success">In force</Badge>}
                <Muted as="p">
                  {SOURCE[licence.source]} · {formatInstantDate(licence.createdAt)}
                  {licence.revokedAt ? ` · revoked ${formatInstantDate(licence.revokedAt)}` : ''}
                </Muted>
              </div>
              {licence.source === 'trust' ? (
                // The trust's licence is the trust's: the school's page cannot revoke it (the server refuses too).
                <Muted as="span">Through the trust</Muted>
              ) : licence.revokedAt ? (
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={change.isPending}
                  onClick={() => run('restore', licence.courseId, licence.title)}
                  aria-label={`Restore the licence for ${licence.title}`}
                >
                  Restore
                </Button>
              ) : (
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={change.isPending}
                  onClick={() => setRevoking(licence)}
                  aria-label={`Revoke the licence for ${licence.title}`}
                >
                  Revoke
                </Button>
              )}
            </ItemRow>
          ))}
        </RowList>
      )}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title="Revoke this licence?"
        description={`Members of ${school.name} lose access to “${revoking?.title ?? ''}” unless they have it another way. Their progress and certificates are kept, and restoring the licence gives the access back.`}
        confirmLabel="Revoke"
        busyLabel="Revoking…"
        busy={change.isPending}
        onConfirm={() => revoking && run('revoke', revoking.courseId, revoking.title, () => setRevoking(null))}
      />
    </Panel>
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
