import { CheckboxField } from '../../../components/CheckboxField.tsx';

/** The course option "Completion requires watching" (issue 36) in the admin course form. */
export function RequiresWatchingField({ checked, onChange }: { checked: boolean; onChange(checked: boolean): void }) {
  return (
    <CheckboxField
      name="requiresWatching"
      label="Completion requires watching"
      hint="Learners can mark a module complete only once they have played 90% of its video; a module whose video cannot load cannot be completed. Off: “Mark as Complete” is always offered."
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}
