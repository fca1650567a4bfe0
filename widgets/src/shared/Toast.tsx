import styled, { keyframes } from 'styled-components';
import { tokens } from '../tokens.ts';
import { CloseIcon } from './icons.tsx';
import type { ToastMessage } from './toast.ts';

interface ToastProps {
  toast: ToastMessage | null;
  onDismiss(): void;
  /** Floating over the content (the chat panel) or in the flow under a form. */
  floating?: boolean;
}

/**
 * The widgets' toast: one at a time, inside the widget. The live region is always rendered so
 * screen readers announce a toast that appears in it.
 */
export function Toast({ toast, onDismiss, floating = false }: ToastProps) {
  return (
    <Region aria-live="polite" $floating={floating}>
      {toast && (
        <Card role={toast.variant === 'error' ? 'alert' : 'status'} part="toast" data-variant={toast.variant} $variant={toast.variant}>
          <Text>
            <Title>{toast.title}</Title>
            {toast.description && <Description>{toast.description}</Description>}
          </Text>
          <Dismiss type="button" aria-label="Dismiss notification" onClick={onDismiss}>
            <CloseIcon size={16} />
          </Dismiss>
        </Card>
      )}
    </Region>
  );
}

const slideIn = keyframes`
  from { opacity: 0; transform: translateY(6px); }
  to { opacity: 1; transform: none; }
`;

const Region = styled.div<{ $floating: boolean }>`
  ${({ $floating }) => ($floating ? `position: absolute; left: 12px; right: 12px; top: 68px; z-index: 2;` : `margin-top: 12px;`)}
  &:empty {
    display: none;
  }
`;

const Card = styled.div<{ $variant: ToastMessage['variant'] }>`
  display: flex;
  align-items: flex-start;
  gap: 12px;
  padding: 12px 12px 12px 14px;
  border-radius: ${tokens.radius};
  border: 1px solid ${({ $variant }) => ($variant === 'error' ? tokens.danger : tokens.success)};
  border-left-width: 4px;
  background: ${({ $variant }) => ($variant === 'error' ? tokens.dangerSoft : tokens.successSoft)};
  color: ${tokens.text};
  box-shadow: ${tokens.shadowCard};
  animation: ${slideIn} 160ms ease-out;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const Text = styled.div`
  flex: 1;
  min-width: 0;
`;

const Title = styled.p`
  margin: 0;
  font-size: 15px;
  font-weight: 600;
  line-height: 1.4;
`;

const Description = styled.p`
  margin: 2px 0 0;
  font-size: 14px;
  line-height: 1.45;
  color: ${tokens.textMuted};
`;

const Dismiss = styled.button`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 28px;
  height: 28px;
  margin: -4px -4px 0 0;
  padding: 0;
  border: 0;
  border-radius: 6px;
  background: transparent;
  color: ${tokens.textMuted};
  cursor: pointer;
  &:hover {
    background: rgba(23, 32, 51, 0.08);
    color: ${tokens.text};
  }
  &:focus-visible {
    outline: 3px solid ${tokens.focus};
    outline-offset: 1px;
  }
`;
