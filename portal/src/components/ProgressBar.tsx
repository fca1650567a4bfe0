import * as Progress from '@radix-ui/react-progress';
import styled from 'styled-components';

/** A labelled progress bar (Radix Progress); `label` names it for screen readers. */
export function ProgressBar({ value, label, size = 'md' }: { value: number; label: string; size?: 'sm' | 'md' }) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <Root value={clamped} aria-label={label} aria-valuetext={`${clamped}%`} $size={size}>
      <Indicator style={{ transform: `translateX(-${100 - clamped}%)` }} $complete={clamped === 100} />
    </Root>
  );
}

const Root = styled(Progress.Root)<{ $size: 'sm' | 'md' }>`
  position: relative;
  overflow: hidden;
  width: 100%;
  height: ${({ $size }) => ($size === 'sm' ? '6px' : '10px')};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  box-shadow: inset 0 0 0 1px ${({ theme }) => theme.colors.border};
  /* Safari clips the indicator's corners only with this. */
  transform: translateZ(0);
`;

const Indicator = styled(Progress.Indicator)<{ $complete: boolean }>`
  width: 100%;
  height: 100%;
  border-radius: inherit;
  background: ${({ theme, $complete }) => ($complete ? theme.colors.success : theme.colors.accent)};
  transition: transform 400ms ease;
`;
