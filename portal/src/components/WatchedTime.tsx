import styled from 'styled-components';
import { watchedOf, WITHOUT_PLAYING_RULE, type WatchingDto } from '@atrium/common';
import { Badge } from './Badge.tsx';
import { Icon } from './Icon.tsx';

const modules = (n: number) => (n === 1 ? '1 module' : `${n} modules`);

/**
 * What a learner actually played of a course (issue 36): "watched 4 of 12 min", and a warning
 * badge when modules were marked complete without being played. The badge says it in words (not
 * by colour alone) and carries the rule as its title; reports print the rule as a legend too
 * (WatchingLegend), since a title is not shown to keyboard or touch users.
 */
export function WatchedTime({ watching }: { watching: WatchingDto }) {
  return (
    <Line>
      <span>{watchedOf(watching.playedSeconds, watching.durationSeconds)}</span>{' '}
      {watching.completedWithoutPlaying > 0 ? (
        <Badge $tone="warning" title={WITHOUT_PLAYING_RULE}>
          <Icon name="alert" size={14} />
          {modules(watching.completedWithoutPlaying)} completed without playing
        </Badge>
      ) : null}
    </Line>
  );
}

/** One module's line: what was played of it, and whether it was completed by playing it. */
export function ModuleWatchedTime({
  module,
}: {
  module: { playedSeconds: number; durationSeconds: number; isCompleted: boolean; completedWithoutPlaying: boolean };
}) {
  return (
    <Line>
      <span>{watchedOf(module.playedSeconds, module.durationSeconds)}</span>{' '}
      {module.completedWithoutPlaying ? (
        <Badge $tone="warning" title={WITHOUT_PLAYING_RULE}>
          <Icon name="alert" size={14} />
          Marked complete, not played
        </Badge>
      ) : module.isCompleted ? (
        <Badge $tone="success">Completed</Badge>
      ) : (
        <Badge $tone="neutral">Not completed</Badge>
      )}
    </Line>
  );
}

/** The rule behind the badges, printed beside a report that shows them. */
export function WatchingLegend() {
  return (
    <Legend>
      <Icon name="alert" size={14} /> <span>{WITHOUT_PLAYING_RULE} “Watched” counts the minutes the video actually played.</span>
    </Legend>
  );
}

const Line = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-variant-numeric: tabular-nums;

  ${Badge} {
    white-space: normal;
  }
`;

const Legend = styled.p`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
  align-items: flex-start;
  margin: ${({ theme }) => theme.space.sm} 0 0;
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};

  svg {
    flex: none;
    margin-top: 3px;
    color: ${({ theme }) => theme.colors.warning};
  }
`;
