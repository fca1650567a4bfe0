import { useState } from 'react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { formatCalendarDate } from '@atrium/common/rules/dates';
import type { CourseRenewalDto } from '@atrium/common';
import { errorText } from '../../api/client.ts';
import { useCourseRenewal, useStartRenewal } from '../../api/renewal.ts';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Icon } from '../../components/Icon.tsx';
import { useToast } from '../../components/toast/Toaster.tsx';

/**
 * On an enrolled learner's course page: when their certificate has expired (or expires within
 * 30 days) they may retake the course for a new one; while retaking, a line says so. Says
 * nothing for a certificate that is current or never expires.
 */
export function RenewalPanel({ courseId, firstModuleId }: { courseId: number; firstModuleId: number | undefined }) {
  const renewal = useCourseRenewal(courseId, true);
  if (!renewal.data) return null;
  if (renewal.data.state === 'renewing') {
    return (
      <Note $tone="muted" role="status">
        <Icon name="clock" size={18} /> Renewing: complete every module again for your new certificate.
      </Note>
    );
  }
  if (renewal.data.state !== 'due') return null;
  return <RenewOffer courseId={courseId} firstModuleId={firstModuleId} renewal={renewal.data} />;
}

function RenewOffer({ courseId, firstModuleId, renewal }: { courseId: number; firstModuleId: number | undefined; renewal: CourseRenewalDto }) {
  const [confirming, setConfirming] = useState(false);
  const start = useStartRenewal();
  const navigate = useNavigate();
  const { toast } = useToast();
  const date = renewal.expiresOn ? formatCalendarDate(renewal.expiresOn) : null;

  // mutateAsync, not mutate's callbacks: the answer turns this offer into the "Renewing" line,
  // unmounting it, and callbacks given to mutate are dropped for an unmounted component.
  const renew = async () => {
    try {
      await start.mutateAsync(courseId);
    } catch (error) {
      setConfirming(false);
      toast({ title: 'Renewal not started', description: errorText(error, 'The renewal could not be started'), variant: 'destructive' });
      return;
    }
    toast({ title: 'Renewal started', description: 'Your progress has restarted: complete every module for your new certificate.', variant: 'success' });
    navigate(firstModuleId ? `/courses/${courseId}/modules/${firstModuleId}` : `/courses/${courseId}`);
  };

  return (
    <Offer>
      {date ? (
        <Note $tone={renewal.expired ? 'danger' : 'warning'}>
          <Icon name="alert" size={18} />
          {renewal.expired ? `Your certificate expired on ${date}` : `Your certificate expires on ${date}`}
        </Note>
      ) : null}
      <RenewButton size="lg" block onClick={() => setConfirming(true)}>
        <Icon name="award" size={18} /> Renew: retake the course
      </RenewButton>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        tone="primary"
        title="Retake this course?"
        description={
          <>
            Your progress on this course restarts from module 1. When you complete every module again you receive a new certificate with a new number. Your
            current certificate{renewal.certificateNumber ? ` (${renewal.certificateNumber})` : ''} stays: it still verifies, showing the date it expired.
          </>
        }
        confirmLabel="Retake the course"
        busy={start.isPending}
        busyLabel="Starting…"
        onConfirm={() => void renew()}
      />
    </Offer>
  );
}

const Offer = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
`;

// A phone's summary column is narrower than the label on one line: it wraps instead of overflowing.
const RenewButton = styled(Button)`
  white-space: normal;
  padding-block: ${({ theme }) => theme.space.xs};
`;

const Note = styled.p<{ $tone: 'danger' | 'warning' | 'muted' }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xxs};
  font-weight: 600;
  color: ${({ theme, $tone }) => ({ danger: theme.colors.danger, warning: theme.colors.warning, muted: theme.colors.textMuted })[$tone]};

  svg {
    flex: none;
  }
`;
