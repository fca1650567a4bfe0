import styled from 'styled-components';
import type { MyTrainingDto } from '@atrium/common';
import { Icon } from './Icon.tsx';
import { dueLine } from './TrainingStatusBadge.tsx';

/** A learner's deadline on a course card: "Due 3 March", "Overdue: was due 3 March", "Renewal due". */
export function DueNote({ training }: { training: MyTrainingDto }) {
  const line = dueLine(training);
  if (!line) return null;
  const tone = training.status === 'overdue' ? 'danger' : training.status === 'due_soon' || training.status === 'renewal_due' ? 'warning' : 'muted';
  return (
    <Note $tone={tone}>
      <Icon name={tone === 'muted' ? 'clock' : 'alert'} size={16} />
      {line}
    </Note>
  );
}

const Note = styled.p<{ $tone: 'danger' | 'warning' | 'muted' }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xxs};
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: ${({ $tone }) => ($tone === 'muted' ? 400 : 600)};
  color: ${({ theme, $tone }) => ({ danger: theme.colors.danger, warning: theme.colors.warning, muted: theme.colors.textMuted })[$tone]};
`;
