import { readerDay } from '@atrium/common/rules/dates';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../../api/client.ts';
import { useGroups } from '../../api/groups.ts';
import { CpdHoursPanel } from '../../components/cpd/CpdHoursPanel.tsx';
import { GroupsPanel } from '../../components/groups/GroupsPanel.tsx';
import { DirectorySyncPanel } from '../../components/directory/DirectorySyncPanel.tsx';
import { TRUST_PAGE_SIZE, useDownloadTrustRegister, useMyTrust, useTrustOverview, useTrustStatuses, type TrustFilter } from '../../api/trusts.ts';
import { ButtonLink } from '../../components/Button.tsx';
import { Container, PageHeading } from '../../components/Layout.tsx';
import { mapRead, QueryState, readState, type QueryLike } from '../../components/QueryState.tsx';
import { Panel, PanelHeader } from '../../components/Panel.ts';
import { saveFile } from '../../components/saveFile.ts';
import { useToast } from '../../components/toast/Toaster.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useAuth } from '../../session/AuthProvider.tsx';
import { authLinkReturningTo } from '../../session/nextPath.ts';
import { AcceptTrustInvite } from './AcceptTrustInvite.tsx';
import { TrustDeadlines } from './TrustDeadlines.tsx';
import { IdentityProviderPanel } from '../../components/identityProvider/IdentityProviderPanel.tsx';
import { TrustManagers } from './TrustManagers.tsx';
import { MoveMemberDialog, type MovingMember } from './MoveMemberDialog.tsx';
import { TrustView, type StaffListState } from './TrustView.tsx';

// The charts are a chunk of their own: the rest of the page does not wait for them.
const TrustInsights = lazy(() => import('./TrustInsights.tsx').then((module) => ({ default: module.TrustInsights })));

/**
 * /trust: a trust manager's view of every school in the trust. `?invite=<token>` is the link of
 * an invitation to manage one; anyone else is told what the page is for.
 */
export function TrustScene() {
  usePageTitle('My trust');
  const [params] = useSearchParams();
  const token = params.get('invite');
  const { user } = useAuth();
  if (token) return <AcceptTrustInvite token={token} signedIn={Boolean(user)} />;
  if (!user) return <NoTrust signedIn={false} />;
  return <MyTrust />;
}

function MyTrust() {
  const mine = useMyTrust();
  return <TrustRead read={mine}>{(data) => (data.trust ? <TrustDashboard trustId={data.trust.id} root={data.trust.api} /> : <NoTrust signedIn />)}</TrustRead>;
}

/** The trust's reads as the page draws them: loading fills it; a failure says so with Try again. */
function TrustRead<T>({ read, children }: { read: QueryLike<T>; children: (data: T) => ReactNode }) {
  return (
    <QueryState read={read} loading="Loading your trust" failed="We could not load your trust" fallback="Please check your connection and try again.">
      {children}
    </QueryState>
  );
}

/** The trust's page; `root` is the trust's API root the server sent with it, under which its panels call its routes. */
function TrustDashboard({ trustId, root }: { trustId: number; root: string }) {
  const [filter, setFilter] = useState<TrustFilter>({ schoolId: null, courseId: null, status: null, page: 0 });
  const overview = useTrustOverview(trustId, filter.courseId, filter.groupId ?? null);
  const statuses = useTrustStatuses(trustId, filter);
  const download = useDownloadTrustRegister(trustId);
  const groups = useGroups(root);
  const [moving, setMoving] = useState<MovingMember | null>(null);
  const { toast } = useToast();
  const staff: StaffListState = mapRead(readState(statuses), (page) => ({
    rows: page.items,
    total: page.total ?? page.items.length,
    pageSize: TRUST_PAGE_SIZE,
    updating: statuses.isFetching,
  }));
  const onDownload = () =>
    download.mutate(undefined, {
      onSuccess: ({ blob, filename }) => {
        const name = filename ?? `trust-training-register-${readerDay(Date.now())}.xlsx`;
        saveFile(blob, name);
        toast({ title: 'Register downloaded', description: `Saved as ${name}.`, variant: 'success' });
      },
      onError: (error) => toast({ title: 'Download failed', description: errorText(error, 'Failed to download the register.'), variant: 'destructive' }),
    });
  return (
    <TrustRead read={overview}>
      {(data) => (
        <>
          <TrustView
            overview={data}
            filter={filter}
            onFilter={(change) => setFilter((current) => ({ ...current, page: 0, ...change }))}
            staff={staff}
            onDownload={onDownload}
            downloading={download.isPending}
            insights={
              <Suspense fallback={null}>
                <TrustInsights trustId={trustId} schools={data.schools} courses={data.courses} />
              </Suspense>
            }
            deadlines={<TrustDeadlines trustId={trustId} />}
            groups={groups.data?.groups ?? []}
            groupsPanel={<GroupsPanel root={root} owner="trust" />}
            cpdHours={<CpdHoursPanel root={root} schools={data.schools} courses={data.courses} />}
            managers={
              <>
                <TrustManagers trustId={trustId} />
                <IdentityProviderPanel root={root} owner="trust" />
              </>
            }
            directoryPanel={<DirectorySyncPanel root={root} owner="trust" />}
            onMove={(row) => setMoving({ userId: row.userId, name: row.name, schoolId: row.schoolId, schoolName: row.schoolName })}
          />
          {moving ? <MoveMemberDialog trustId={trustId} member={moving} schools={data.schools} onClose={() => setMoving(null)} /> : null}
        </>
      )}
    </TrustRead>
  );
}

function NoTrust({ signedIn }: { signedIn: boolean }) {
  return (
    <Container $narrow>
      <PageHeading title="My trust" lead={signedIn ? 'You do not manage a trust.' : 'Sign in to see your trust.'} />
      <Panel aria-labelledby="no-trust-title">
        <PanelHeader>
          <h2 id="no-trust-title">Managing a trust</h2>
        </PanelHeader>
        <p>
          A trust's managers see the training of every school in it. They are invited by e-mail: open the link in your invitation to accept it. School managers
          follow their own school on <Link to="/school">My school</Link>.
        </p>
        {signedIn ? null : <ButtonLink to={authLinkReturningTo('/trust')}>Sign in</ButtonLink>}
      </Panel>
    </Container>
  );
}
