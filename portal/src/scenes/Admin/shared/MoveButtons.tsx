import { IconButton } from '../../../components/IconButton.tsx';

const WAYS = [
  { by: -1, icon: 'arrowUp', word: 'up' },
  { by: 1, icon: 'arrowDown', word: 'down' },
] as const;

/**
 * Move up and Move down for one row of an ordered list (a course's modules, its resources): off at
 * either end. `data-move` tells a list that keeps focus on the row moved which button was pressed.
 */
export function MoveButtons({ title, index, count, onMove }: { title: string; index: number; count: number; onMove(by: -1 | 1): void }) {
  return WAYS.map(({ by, icon, word }) => (
    <IconButton
      key={by}
      icon={icon}
      label={`Move ${title} ${word}`}
      title={`Move ${word}`}
      variant="outline"
      size="sm"
      data-move={String(by)}
      onClick={() => onMove(by)}
      disabled={by === -1 ? index === 0 : index === count - 1}
    />
  ));
}
