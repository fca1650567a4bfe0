import * as RadixToast from '@radix-ui/react-toast';
import styled, { css, keyframes } from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import { IconButton } from '../IconButton.tsx';
import { TOAST_DURATION, type ToastItem, type ToastVariant } from './Toaster.tsx';

/**
 * What the toasts look like and how they behave (Radix Toast: timing, swipe, F8, live region).
 * Loaded with the first toast, so pages that never notify (the landing page) do without it.
 */
export function ToastLayer({ toasts, dismiss }: { toasts: readonly ToastItem[]; dismiss: (id: number) => void }) {
  return (
    <RadixToast.Provider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={50} label="Notification">
      {toasts.map((item) => (
        <Toast
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismiss(item.id);
          }}
          $variant={item.variant ?? 'default'}
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
        >
          <ToastText>
            <ToastTitle>{item.title}</ToastTitle>
            {item.description ? <ToastDescription>{item.description}</ToastDescription> : null}
          </ToastText>
          <RadixToast.Close asChild>
            <IconButton icon="close" label="Close notification" size="sm" />
          </RadixToast.Close>
        </Toast>
      ))}
      <Viewport hotkey={['F8']} className="no-print" />
    </RadixToast.Provider>
  );
}

const slideIn = keyframes`
  from { transform: translateX(calc(100% + 1rem)); opacity: 0; }
  to { transform: translateX(0); opacity: 1; }
`;
const fadeOut = keyframes`
  from { opacity: 1; }
  to { opacity: 0; }
`;

/**
 * Bottom right, never over the header's controls (issue 34: a toast at the top hid the account
 * menu and the currency switch). On wider screens it sits above the floating chat launcher; on a
 * phone the launcher is docked in the page (routes.tsx), so the toast takes the bottom edge.
 */
/** The floating launcher's edge + size + gap (widgets/src/support-chat/layout.ts: 20 + 60 + 12). */
const CHAT_CLEARANCE_PX = 92;

const Viewport = styled(RadixToast.Viewport)`
  position: fixed;
  bottom: 0;
  right: 0;
  z-index: ${({ theme }) => theme.zIndex.toast};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  width: 100%;
  max-height: 100vh;
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  list-style: none;
  outline: none;
  pointer-events: none;

  ${media.tablet} {
    max-width: 420px;
    padding-bottom: calc(${CHAT_CLEARANCE_PX}px + ${({ theme }) => theme.space.xs});
  }
`;

const variantStyles = {
  default: css`
    border-left-color: ${({ theme }) => theme.colors.accent};
  `,
  success: css`
    border-left-color: ${({ theme }) => theme.colors.success};
  `,
  destructive: css`
    border-left-color: ${({ theme }) => theme.colors.danger};
    background: ${({ theme }) => theme.colors.dangerSoft};
  `,
};

const Toast = styled(RadixToast.Root)<{ $variant: ToastVariant }>`
  pointer-events: auto;
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.md} ${theme.space.md}`};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left-width: 4px;
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  ${({ $variant }) => variantStyles[$variant]}

  &[data-state='open'] {
    animation: ${slideIn} 180ms ease-out;
  }
  &[data-state='closed'] {
    animation: ${fadeOut} 120ms ease-in forwards;
  }
  &[data-swipe='move'] {
    transform: translateX(var(--radix-toast-swipe-move-x));
  }
  &[data-swipe='cancel'] {
    transform: translateX(0);
    transition: transform 200ms ease-out;
  }
  &[data-swipe='end'] {
    animation: ${fadeOut} 120ms ease-out forwards;
  }
`;

const ToastText = styled.div`
  flex: 1;
  min-width: 0;
`;

const ToastTitle = styled(RadixToast.Title)`
  font-weight: 600;
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const ToastDescription = styled(RadixToast.Description)`
  margin-top: 2px;
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;
