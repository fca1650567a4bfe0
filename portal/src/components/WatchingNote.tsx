import styled from 'styled-components';
import { Icon } from './Icon.tsx';

/** Whole minutes, rounded down, of a number of seconds ("watched 4 of 12 min"). */
export const wholeMinutes = (seconds: number): number => Math.floor(Math.max(0, seconds) / 60);

/** "watched 4 of 12 min": seconds played of a duration, as the reports say it (issue 36). */
export function watchedPhrase(playedSeconds: number, totalSeconds: number): string {
  return `watched ${wholeMinutes(playedSeconds)} of ${Math.ceil(Math.max(0, totalSeconds) / 60)} min`;
}

/**
 * "Completion requires watching" (issue 36), said where it matters: on the course page before a
 * learner starts (`where="course"`), and under a module's controls, where it also says how much
 * has been played and, when the player cannot load, why the module cannot be completed now.
 */
export function WatchingNote(
  props:
    | { where: 'course' }
    | {
        where: 'module';
        playedSeconds: number;
        duration: number;
        /** 90 % of the duration, in seconds. */
        requiredSeconds: number;
        playerUnavailable: boolean;
      },
) {
  if (props.where === 'course') {
    return (
      <Note role="note" $spaced>
        <Icon name="eye" size={20} />
        <p>
          <strong>Completion requires watching.</strong> Each video must be played to at least 90% before its module counts as complete, so plan to watch with
          the sound on and the video loading (vimeo.com must be reachable from your network).
        </p>
      </Note>
    );
  }
  const { playedSeconds, duration, requiredSeconds, playerUnavailable } = props;
  return (
    <Note role="note" $tone={playerUnavailable ? 'danger' : 'accent'}>
      <Icon name={playerUnavailable ? 'wifiOff' : 'eye'} size={20} />
      {playerUnavailable ? (
        <p>
          <strong>This module cannot be completed while the video cannot load.</strong> This course requires watching, so a module counts as complete only once
          90% of its video was played. Try again on a network that reaches vimeo.com, or ask your school to allow it.
        </p>
      ) : (
        <p>
          <strong>This course requires watching.</strong> “Mark as Complete” appears once you have played 90% of the video ({wholeMinutes(requiredSeconds)}{' '}
          min); you have {watchedPhrase(playedSeconds, duration)}.
        </p>
      )}
    </Note>
  );
}

const Note = styled.aside<{ $tone?: 'accent' | 'danger'; $spaced?: boolean }>`
  display: flex;
  margin-top: ${({ theme, $spaced }) => ($spaced ? theme.space.md : '0')};
  gap: ${({ theme }) => theme.space.sm};
  align-items: flex-start;
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme, $tone }) => ($tone === 'danger' ? theme.colors.danger : theme.colors.border)};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSize.sm};

  svg {
    flex: none;
    margin-top: 2px;
    color: ${({ theme, $tone }) => ($tone === 'danger' ? theme.colors.danger : theme.colors.accent)};
  }
`;
