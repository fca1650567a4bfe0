import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from './Button.tsx';
import { Overlay, dialogContentStyles } from './dialogStyles.ts';

/** A confirmation that must be answered (Radix AlertDialog): delete a comment, and so on. */
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
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <Overlay as={AlertDialog.Overlay} />
        <Content>
          <Title>{title}</Title>
          <Description>{description}</Description>
          <Actions>
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">Cancel</Button>
            </AlertDialog.Cancel>
            <Button
              variant={tone}
              disabled={busy}
              onClick={() => {
                onConfirm();
              }}
            >
              {busy ? busyLabel : confirmLabel}
            </Button>
          </Actions>
        </Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

const Content = styled(AlertDialog.Content)`
  ${dialogContentStyles}
`;

const Title = styled(AlertDialog.Title)`
  font-size: ${({ theme }) => theme.fontSize.xl};
  font-weight: 700;
`;

const Description = styled(AlertDialog.Description)`
  margin-top: ${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.lg};
`;
