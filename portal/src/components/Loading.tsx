import styled, { keyframes } from 'styled-components';

const spin = keyframes`to { transform: rotate(360deg); }`;

export const Spinner = styled.span<{ $size?: number }>`
  display: inline-block;
  width: ${({ $size = 28 }) => $size}px;
  height: ${({ $size = 28 }) => $size}px;
  border: 3px solid ${({ theme }) => theme.colors.accentSoft};
  border-top-color: ${({ theme }) => theme.colors.accent};
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
`;

/** A polite, labelled loading state: "Loading module", "Checking your session"… */
export function LoadingState({ label, fullPage = false }: { label: string; fullPage?: boolean }) {
  return (
    <Wrap role="status" aria-live="polite" $fullPage={fullPage}>
      <Spinner aria-hidden="true" />
      <Text>{label}</Text>
    </Wrap>
  );
}

const Wrap = styled.div<{ $fullPage: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: ${({ $fullPage }) => ($fullPage ? '100vh' : '40vh')};
  padding: ${({ theme }) => theme.space.xl};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Text = styled.p`
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: 500;
`;

/**
 * Grey blocks standing in for content while it loads (course cards). One with an `aria-label`
 * ("Loading the funnel") is a status that says so; one without is decoration, hidden from
 * assistive technology (a label on a plain div is not allowed, and is not read).
 */
export const Skeleton = styled.div.attrs<{ 'aria-label'?: string }>((props) => (props['aria-label'] ? { role: 'status' } : { 'aria-hidden': true }))<{
  $height?: string;
  $width?: string;
}>`
  height: ${({ $height = '1rem' }) => $height};
  width: ${({ $width = '100%' }) => $width};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: linear-gradient(
    90deg,
    ${({ theme }) => theme.colors.skeleton} 25%,
    ${({ theme }) => theme.colors.skeletonShine} 50%,
    ${({ theme }) => theme.colors.skeleton} 75%
  );
  background-size: 200% 100%;
  animation: ${keyframes`from { background-position: 200% 0; } to { background-position: -200% 0; }`} 1.4s ease-in-out infinite;
`;
