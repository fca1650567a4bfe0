import type { ReactNode } from 'react';
import { Button } from './Button.tsx';
import { Dialog, DialogActions, DialogCancel } from './Dialog.tsx';

/** A confirmation that must be answered (an alert dialog): delete a comment, and so on. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  busy = false,
  busyLabel = 'Deleting…',
  tone = 'danger',
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm(): void;
  busy?: boolean;
  /** What the confirm button says while the action runs. */
  busyLabel?: string;
  /** Danger for deletions; primary for a confirmation that destroys nothing. */
  tone?: 'danger' | 'primary';
}) {
  return (
    <Dialog kind="alert" open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <DialogActions>
        <DialogCancel>
          <Button variant="secondary">Cancel</Button>
        </DialogCancel>
        <Button
          variant={tone}
          disabled={busy}
          onClick={() => {
            onConfirm();
          }}
        >
          {busy ? busyLabel : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
