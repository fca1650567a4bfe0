import { Button } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { RowActions } from '../../../components/Panel.ts';

/** A course part's Edit and Delete buttons, each named with the part's title for screen readers. */
export function EditDeleteActions({ title, onEdit, onDelete }: { title: string; onEdit(): void; onDelete(): void }) {
  return (
    <RowActions>
      <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`Edit ${title}`}>
        <Icon name="edit" size={16} /> Edit
      </Button>
      <Button size="sm" variant="ghost" onClick={onDelete} aria-label={`Delete ${title}`}>
        <Icon name="trash" size={16} /> Delete
      </Button>
    </RowActions>
  );
}
