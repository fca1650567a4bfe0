import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Dialog, DialogButtons, DialogRefusal } from './Dialog.tsx';

/**
 * A confirmation that must be answered (an alert dialog): delete a comment, and so on. A caller
 * that keeps it open after a refusal passes the server's sentence as `error`, said above the
 * buttons beside what was refused (DialogRefusal: a toast is easy to miss, and gone in a few seconds).
 */
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
  error = null,
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
  /** Why the last try was refused, while the dialog stays open for another. */
  error?: string | null;
}) {
  return (
    <Dialog kind="alert" open={open} onOpenChange={onOpenChange} title={title} description={description}>
      {error ? (
        <Refusal>
          <DialogRefusal message={error} />
        </Refusal>
      ) : null}
      <DialogButtons label={confirmLabel} busyLabel={busyLabel} busy={busy} tone={tone} onAction={onConfirm} />
    </Dialog>
  );
}

const Refusal = styled.div`
  margin-bottom: ${({ theme }) => theme.space.md};
`;
