import styled from 'styled-components';
import { ChatIcon, CloseIcon } from '../shared/icons.tsx';
import { tokens } from '../tokens.ts';
import { CHAT_LAYOUT } from './layout.ts';

export interface LauncherProps {
  open: boolean;
  busy?: boolean;
  /** A link there instead of the button (a server-drawn page before the app runs: SupportChat's fallbackHref). */
  href?: string;
  /** Hover and focus: a hint that the panel is about to be wanted, so load it now. */
  onWarmUp(): void;
  onToggle(): void;
}

/** The floating round button at the bottom right (React twin of the launcher in element.ts). */
export function Launcher({ open, busy = false, href, onWarmUp, onToggle }: LauncherProps) {
  if (href) {
    return (
      <Button as="a" href={href} part="launcher" aria-label="Contact us" $open={false}>
        <ChatIcon size={26} />
      </Button>
    );
  }
  return (
    <Button
      type="button"
      part="launcher"
      aria-label={open ? 'Close support chat' : 'Open support chat'}
      aria-expanded={open}
      aria-busy={busy}
      onPointerEnter={onWarmUp}
      onFocus={onWarmUp}
      onClick={onToggle}
      $open={open}
    >
      {open ? <CloseIcon size={26} /> : <ChatIcon size={26} />}
    </Button>
  );
}

const Button = styled.button<{ $open: boolean }>`
  position: fixed;
  right: ${CHAT_LAYOUT.edge}px;
  bottom: ${CHAT_LAYOUT.edge}px;
  z-index: ${tokens.zIndex};
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${CHAT_LAYOUT.launcherSize}px;
  height: ${CHAT_LAYOUT.launcherSize}px;
  margin: 0;
  padding: 0;
  border: 0;
  border-radius: 50%;
  color: ${tokens.onAccent};
  background: ${tokens.accent};
  box-shadow: 0 6px 20px rgba(23, 32, 51, 0.25);
  cursor: pointer;
  transition:
    transform 150ms ease,
    background-color 150ms ease;
  &:hover {
    background: ${tokens.accentStrong};
    transform: scale(1.05);
  }
  &:focus-visible {
    outline: 3px solid ${tokens.focus};
    outline-offset: 3px;
  }
  &[aria-busy='true'] {
    cursor: progress;
  }
  @media (prefers-reduced-motion: reduce) {
    transition: none;
    &:hover {
      transform: none;
    }
  }
  /* On a phone the open panel covers the screen and has its own close button. */
  @media (max-width: ${CHAT_LAYOUT.phoneMax}px) {
    ${({ $open }) => ($open ? 'display: none;' : '')}
  }
`;
