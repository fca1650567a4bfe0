import styled, { css, keyframes } from 'styled-components';

const fadeIn = keyframes`from { opacity: 0; } to { opacity: 1; }`;
const rise = keyframes`
  from { opacity: 0; transform: translate(-50%, -46%) scale(0.98); }
  to { opacity: 1; transform: translate(-50%, -50%) scale(1); }
`;

/** Shared by every dialog (Radix Dialog and AlertDialog) so they look alike. */
export const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndex.overlay};
  background: ${({ theme }) => theme.colors.scrim};
  animation: ${fadeIn} 150ms ease-out;
`;

export const dialogContentStyles = css`
  position: fixed;
  top: 50%;
  left: 50%;
  z-index: ${({ theme }) => theme.zIndex.dialog};
  width: calc(100vw - 2rem);
  max-width: 30rem;
  max-height: calc(100vh - 2rem);
  overflow-y: auto;
  padding: ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  transform: translate(-50%, -50%);
  animation: ${rise} 160ms ease-out;
`;
