import * as AlertDialogPrimitive from '@radix-ui/react-alert-dialog';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { createContext, useContext, useEffect, type ReactElement, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import { Button } from './Button.tsx';
import { FormAlert } from './FormAlert.tsx';
import { Overlay, dialogContentStyles } from './dialogStyles.ts';

/**
 * `alert` must be answered (Radix AlertDialog: no closing by clicking outside, focus starts on
 * Cancel); `dialog` is an ordinary modal (Radix Dialog).
 */
export type DialogKind = 'dialog' | 'alert';

const KindContext = createContext<DialogKind>('dialog');

/**
 * Every dialog of the portal: overlay, panel, title and description, then the dialog's own
 * content (a form, or DialogActions), so they all look alike.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  kind = 'dialog',
  width = 'normal',
  children,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description: ReactNode;
  kind?: DialogKind;
  /** `wide` for a long form whose fields sit two to a row; `editor` for a long editor (a quiz's questions). */
  width?: 'normal' | 'wide' | 'editor';
  children: ReactNode;
}) {
  const Primitive = kind === 'alert' ? AlertDialogPrimitive : DialogPrimitive;
  return (
    <KindContext.Provider value={kind}>
      <Primitive.Root open={open} onOpenChange={onOpenChange}>
        <Primitive.Portal>
          <Overlay as={Primitive.Overlay} />
          <Content as={Primitive.Content} $width={width}>
            <Title as={Primitive.Title}>{title}</Title>
            <Description as={Primitive.Description}>{description}</Description>
            {children}
            <FocusGuardsUnhidden />
          </Content>
        </Primitive.Portal>
      </Primitive.Root>
    </KindContext.Provider>
  );
}

/**
 * Radix puts two focus guards (empty spans that take focus, so Tab wraps inside the dialog) at the
 * ends of the page, then hides everything outside the dialog from screen readers, the guards too:
 * a focusable element hidden that way is what axe's aria-hidden-focus refuses (radix-ui/primitives
 * issue 3593; the fix proposed there leaves the guards out, as here). Both happen in effects of
 * the content's own parts, which run before the microtask queued here.
 */
function FocusGuardsUnhidden() {
  useEffect(() => {
    queueMicrotask(() => {
      for (const guard of document.querySelectorAll('[data-radix-focus-guard][aria-hidden]')) guard.removeAttribute('aria-hidden');
    });
  }, []);
  return null;
}

/** Wraps the dialog's Cancel button: closes it (and, in an alert, is where focus starts). */
export function DialogCancel({ children }: { children: ReactElement }) {
  const Close = useContext(KindContext) === 'alert' ? AlertDialogPrimitive.Cancel : DialogPrimitive.Close;
  return <Close asChild>{children}</Close>;
}

/**
 * The buttons at the foot of a dialog, the main one last. A dialog taller than the screen (a long
 * form on a phone) scrolls inside itself; the buttons stay at its foot meanwhile, over the content
 * passing beneath them, rather than waiting below the fold (`bottom` is the panel's padding, which
 * the sticky edge sits inside). Their padding and the negative margins that give it back leave a
 * dialog that fits exactly as it was.
 */
export const DialogActions = styled.div`
  position: sticky;
  bottom: -${({ theme }) => theme.space.lg};
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  margin: -${({ theme }) => theme.space.sm} 0 -${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.sm} 0 ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.surface};

  /* On a phone the buttons share the row, or each take a whole one when they cannot: never a ragged pair. */
  ${media.phoneOnly} {
    & > * {
      flex: 1 1 auto;
    }
  }
`;

/**
 * The usual foot of a dialog: Cancel, then its action. While the action runs its button says so
 * (`busyLabel`) and neither can be pressed: a sent request cannot be called back, and a dialog closed
 * under it would lose the refusal it may bring. In a form the action submits it; otherwise give
 * `onAction`.
 */
export function DialogButtons({
  label,
  busyLabel,
  busy,
  disabled = false,
  tone = 'primary',
  onAction,
  className,
}: {
  label: string;
  busyLabel: string;
  busy: boolean;
  /** The action cannot be taken yet (nothing to act on), though nothing runs. */
  disabled?: boolean;
  /** Danger for what destroys; primary otherwise. */
  tone?: 'primary' | 'danger';
  onAction?(): void;
  className?: string;
}) {
  return (
    <DialogActions className={className}>
      <DialogCancel>
        <Button variant="secondary" disabled={busy}>
          Cancel
        </Button>
      </DialogCancel>
      <Button type={onAction ? 'button' : 'submit'} variant={tone} disabled={busy || disabled} onClick={onAction}>
        {busy ? busyLabel : label}
      </Button>
    </DialogActions>
  );
}

/**
 * Why a dialog's action was refused, said last before its buttons (FormAlert), with what may help
 * (`children`: a sign-in to go through again). A dialog taller than the screen scrolls inside itself
 * with its buttons at its foot, so a refusal arriving below the fold scrolls the dialog to its end,
 * which brings it into sight; keyed by the sentence, a second refusal does so again.
 */
export function DialogRefusal({ message, children }: { message: string | null; children?: ReactNode }) {
  if (!message) return null;
  return (
    <Refusal key={message} ref={bringIntoSight}>
      <FormAlert message={message} />
      {children}
    </Refusal>
  );
}

const bringIntoSight = (element: HTMLElement | null) => {
  const dialog = element?.closest<HTMLElement>('[role="dialog"], [role="alertdialog"]');
  if (dialog) dialog.scrollTop = dialog.scrollHeight;
};

const Refusal = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

const Content = styled.div<{ $width: 'normal' | 'wide' | 'editor' }>`
  ${dialogContentStyles}
  ${({ $width }) =>
    $width !== 'normal' &&
    css`
      max-width: ${$width === 'editor' ? '46rem' : '36rem'};
    `}
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.fontSize.xl};
  font-weight: 700;
`;

const Description = styled.p`
  margin: ${({ theme }) => theme.space.xs} 0 ${({ theme }) => theme.space.lg};
  color: ${({ theme }) => theme.colors.textMuted};
`;
