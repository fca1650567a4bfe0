import { useState } from 'react';
import type { AdminSchoolDetailDto, AdminSchoolLicenceDto, LicenceSource } from '@atrium/common';
import { formatInstantDate } from '@atrium/common/rules/dates';
import { useChangeLicence } from '../../../api/adminSchools.ts';
import { errorText } from '../../../api/client.ts';
import { Badge } from '../../../components/Badge.tsx';
import { Button } from '../../../components/Button.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { useToast } from '../../../components/toast/Toaster.tsx';
import { ItemRow } from '../shared/adminStyles.ts';
import { EmptyText, Muted, Panel, PanelHeader, RowList } from '../../../components/Panel.ts';
import { LicenceGrantForm } from './LicenceGrantForm.tsx';

const SOURCE: Record<LicenceSource, string> = { payment: 'Card payment', order: 'Paid invoice', grant: 'Granted by an admin', trust: "The trust's licence" };

/** A school's licences: grant one, revoke (after a confirmation) or restore it. */
export function SchoolLicences({ school }: { school: AdminSchoolDetailDto }) {
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
