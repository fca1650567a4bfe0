import * as Progress from '@radix-ui/react-progress';
import styled from 'styled-components';

/** What the bar says besides its share: going, paused (grey), or refused (the danger colour, never the success green). */
export type ProgressTone = 'progress' | 'paused' | 'danger';

/**
 * A labelled progress bar (Radix Progress); `label` names it for screen readers, `valueText`
 * replaces the percentage they read (a refused upload says "Refused", not "100%").
 */
export function ProgressBar({
  value,
  label,
  size = 'md',
  tone = 'progress',
  valueText,
}: {
  value: number;
  label: string;
  size?: 'sm' | 'md';
  tone?: ProgressTone;
  valueText?: string;
}) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <Root value={clamped} aria-label={label} aria-valuetext={valueText ?? `${clamped}%`} data-tone={tone} $size={size} $tone={tone}>
      <Indicator style={{ transform: `translateX(-${100 - clamped}%)` }} $complete={clamped === 100} $tone={tone} />
    </Root>
  );
}

const Root = styled(Progress.Root)<{ $size: 'sm' | 'md'; $tone: ProgressTone }>`
  position: relative;
  overflow: hidden;
  width: 100%;
  height: ${({ $size }) => ($size === 'sm' ? '6px' : '10px')};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme, $tone }) => ($tone === 'danger' ? theme.colors.dangerSoft : theme.colors.surfaceMuted)};
  box-shadow: inset 0 0 0 1px ${({ theme, $tone }) => ($tone === 'danger' ? theme.colors.danger : theme.colors.border)};
  /* Safari clips the indicator's corners only with this. */
  transform: translateZ(0);
`;

const Indicator = styled(Progress.Indicator)<{ $complete: boolean; $tone: ProgressTone }>`
  width: 100%;
  height: 100%;
  border-radius: inherit;
  background: ${({ theme, $complete, $tone }) =>
    $tone === 'danger' ? theme.colors.danger : $tone === 'paused' ? theme.colors.textMuted : $complete ? theme.colors.success : theme.colors.accent};
  transition: transform 400ms ease;
`;
