import * as AlertDialogPrimitive from '@radix-ui/react-alert-dialog';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { createContext, useContext, type ReactElement, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
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
          </Content>
        </Primitive.Portal>
      </Primitive.Root>
    </KindContext.Provider>
  );
}

/** Wraps the dialog's Cancel button: closes it (and, in an alert, is where focus starts). */
export function DialogCancel({ children }: { children: ReactElement }) {
  const Close = useContext(KindContext) === 'alert' ? AlertDialogPrimitive.Cancel : DialogPrimitive.Close;
  return <Close asChild>{children}</Close>;
}

/** The buttons at the foot of a dialog, the main one last. */
export const DialogActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
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
