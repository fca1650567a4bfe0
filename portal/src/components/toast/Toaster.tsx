import * as RadixToast from '@radix-ui/react-toast';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import styled, { css, keyframes } from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import { IconButton } from '../IconButton.tsx';

/** SPEC §4 and §9: one toast at a time, 5 s on screen, kept 1,000,000 ms after dismissal. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION = 5000;
export const TOAST_REMOVE_DELAY = 1_000_000;

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

interface ToastApi {
  toast(input: ToastInput): number;
  dismiss(id?: number): void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** The portal's one toast system (Radix Toast): every screen and shared widget notifies here. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const removals = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const timers = removals.current;
    return () => timers.forEach((timer) => clearTimeout(timer));
  }, []);

  const scheduleRemoval = useCallback((id: number) => {
    if (removals.current.has(id)) return;
    removals.current.set(
      id,
      setTimeout(() => {
        removals.current.delete(id);
        setToasts((current) => current.filter((toast) => toast.id !== id));
      }, TOAST_REMOVE_DELAY),
    );
  }, []);

  const dismiss = useCallback(
    (id?: number) => {
      setToasts((current) => current.map((toast) => (id === undefined || toast.id === id ? { ...toast, open: false } : toast)));
      if (id !== undefined) scheduleRemoval(id);
    },
    [scheduleRemoval],
  );

  const toast = useCallback((input: ToastInput) => {
    const id = nextId.current++;
    // A new toast replaces the older one.
    setToasts((current) => [{ ...input, id, open: true }, ...current].slice(0, TOAST_LIMIT));
    return id;
  }, []);

  const api = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      <RadixToast.Provider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={50} label="Notification">
        {children}
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
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const context = useContext(ToastContext);
  if (!context) throw new Error('useToast must be used within a ToastProvider');
  return context;
}

const slideIn = keyframes`
  from { transform: translateX(calc(100% + 1rem)); opacity: 0; }
  to { transform: translateX(0); opacity: 1; }
`;
const fadeOut = keyframes`
  from { opacity: 1; }
  to { opacity: 0; }
`;

const Viewport = styled(RadixToast.Viewport)`
  position: fixed;
  top: 0;
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
