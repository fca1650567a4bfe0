import { TRAINING_STATUS_LABELS, type TrainingStatus } from '@atrium/common/api/deadlines';
import { formatDay } from '@atrium/common/rules/dates';
import { Badge, type BadgeTone } from './Badge.tsx';

export const TRAINING_STATUS_TONES: Record<TrainingStatus, BadgeTone> = {
  not_started: 'neutral',
  in_progress: 'accent',
  due_soon: 'warning',
  overdue: 'danger',
  completed: 'success',
  renewal_due: 'warning',
};

/** A member's status on a course, as a label: "Overdue", "Due soon"… */
export function TrainingStatusBadge({ status }: { status: TrainingStatus }) {
  return <Badge $tone={TRAINING_STATUS_TONES[status]}>{TRAINING_STATUS_LABELS[status]}</Badge>;
}

/**
 * What a learner reads on their course card: "Due 3 March", "Overdue since 3 March",
 * "Renewal due"; null when there is nothing to say (no deadline, or completed and current).
 */
export function dueLine(training: { status: TrainingStatus; dueOn: string | null; expiresOn: string | null }, now = new Date()): string | null {
  if (training.status === 'renewal_due')
    return training.expiresOn ? `Expired on ${formatDay(training.expiresOn, undefined, now.getTime())}: renewal due` : 'Renewal due';
  if (training.status === 'completed') return training.expiresOn ? `Certificate valid until ${formatDay(training.expiresOn, undefined, now.getTime())}` : null;
  if (!training.dueOn) return null;
  if (training.status === 'overdue') return `Overdue: was due ${formatDay(training.dueOn, undefined, now.getTime())}`;
  return `Due ${formatDay(training.dueOn, undefined, now.getTime())}`;
}
