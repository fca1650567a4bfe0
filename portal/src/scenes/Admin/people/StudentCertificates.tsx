import { useState } from 'react';
import styled from 'styled-components';
import type { AdminCertificateDto } from '@atrium/common';
import { formatInstantDate } from '@atrium/common/rules/dates';
import { useSetCertificateRevoked, useStudentCertificates } from '../../../api/adminStudents.ts';
import { errorText } from '../../../api/client.ts';
import { Badge } from '../../../components/Badge.tsx';
import { Button } from '../../../components/Button.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { useToast } from '../../../components/toast/Toaster.tsx';
import { ItemRow } from '../shared/adminStyles.ts';
import { Muted, Panel, PanelHeader, RowList } from '../../../components/Panel.ts';
import { QueryState } from '../../../components/QueryState.tsx';

/** The student's certificates; a revoked one reads "Certificate Not Found" publicly until restored. */
export function StudentCertificates({ studentId }: { studentId: number }) {
  const certificates = useStudentCertificates(studentId);
  const setRevoked = useSetCertificateRevoked(studentId);
  const { toast } = useToast();
  const [pendingRevoke, setPendingRevoke] = useState<AdminCertificateDto | null>(null);

  const change = (certificate: AdminCertificateDto, revoked: boolean) =>
    setRevoked.mutate(
      { certificateNumber: certificate.certificateNumber, revoked },
      {
        onSuccess: () => {
          setPendingRevoke(null);
          toast({ title: revoked ? 'Certificate revoked' : 'Certificate restored', description: certificate.courseName, variant: 'success' });
        },
        onError: (error) => {
          setPendingRevoke(null);
          toast({ title: revoked ? 'Revoke failed' : 'Restore failed', description: errorText(error, 'Please try again.'), variant: 'destructive' });
        },
      },
    );

  return (
    <Panel aria-labelledby="certificates-title">
      <PanelHeader>
        <h2 id="certificates-title">Certificates</h2>
      </PanelHeader>
      <QueryState
        read={certificates}
        size="panel"
        loading="Loading the certificates"
        failed="The certificates could not be loaded."
        isEmpty={(list) => list.length === 0}
        empty="No certificates yet."
      >
        {(list) => (
          <RowList aria-label="Certificates">
            {list.map((certificate) => {
              const revoked = certificate.revokedAt !== null;
              return (
                <ItemRow key={certificate.id}>
                  <div>
                    <strong>{certificate.courseName}</strong> {revoked ? <Badge $tone="warning">Revoked</Badge> : <Badge $tone="success">Valid</Badge>}
                    <Muted as="p">
                      No. <Mono>{certificate.certificateNumber}</Mono> · issued {formatInstantDate(certificate.issuedAt)}
                      {revoked && certificate.revokedAt ? ` · revoked ${formatInstantDate(certificate.revokedAt)}` : ''}
                    </Muted>
                  </div>
                  {revoked ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => change(certificate, false)}
                      disabled={setRevoked.isPending}
                      aria-label={`Restore certificate for ${certificate.courseName}`}
                    >
                      Restore
                    </Button>
                  ) : (
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => setPendingRevoke(certificate)}
                      aria-label={`Revoke certificate for ${certificate.courseName}`}
                    >
                      Revoke
                    </Button>
                  )}
                </ItemRow>
              );
            })}
          </RowList>
        )}
      </QueryState>
      <ConfirmDialog
        open={pendingRevoke !== null}
        onOpenChange={(open) => {
          if (!open) setPendingRevoke(null);
        }}
        title="Revoke this certificate?"
        description={`The certificate for “${pendingRevoke?.courseName ?? ''}” will no longer verify: its public page will say “Certificate Not Found”. You can restore it later.`}
        confirmLabel="Revoke"
        busyLabel="Revoking…"
        busy={setRevoked.isPending}
        onConfirm={() => pendingRevoke && change(pendingRevoke, true)}
      />
    </Panel>
  );
}

const Mono = styled.span`
  font-family: ${({ theme }) => theme.font.mono};
  overflow-wrap: anywhere;
`;
