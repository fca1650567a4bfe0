import { formatClockTime } from '@atrium/common/rules/dates';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Icon } from '../../components/Icon.tsx';

/** "24 minutes", "1 hour 5 minutes", "40 seconds": what is left of a wait, in words. */
export function timeLeft(seconds: number): string {
  const part = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  if (seconds < 60) return part(Math.max(1, Math.ceil(seconds)), 'second');
  const minutes = Math.ceil(seconds / 60);
  const hours = Math.floor(minutes / 60);
  if (hours === 0) return part(minutes, 'minute');
  return minutes % 60 === 0 ? part(hours, 'hour') : `${part(hours, 'hour')} ${part(minutes % 60, 'minute')}`;
}

/**
 * The wait after a failed attempt (issue 50): when the next attempt opens, counted down from the
 * seconds the server gave (its clock decides, so a device clock set wrong changes nothing), then
 * `onOpen`. The sentence is read once; the ticking count is not announced.
 */
export function RetryWait({ seconds, retryAt, onOpen }: { seconds: number; retryAt: string | null; onOpen(): void }) {
  const [left, setLeft] = useState(seconds);
  const latestOnOpen = useRef(onOpen);
  useEffect(() => {
    latestOnOpen.current = onOpen;
  }, [onOpen]);

  // Counted from when this answer arrived; a newer answer (other seconds) starts a new count.
  useEffect(() => {
    const opensAt = Date.now() + seconds * 1000;
    const timer = setInterval(() => {
      const remaining = Math.max(0, (opensAt - Date.now()) / 1000);
      setLeft(remaining);
      if (remaining <= 0) {
        clearInterval(timer);
        latestOnOpen.current();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds]);

  return (
    <Wait role="note" aria-labelledby="quiz-wait-title">
      <Icon name="clock" size={20} />
      <div>
        <strong id="quiz-wait-title">{retryAt ? `You can try again at ${formatClockTime(retryAt)}` : 'You can try again soon'}</strong>
        <p>
          This knowledge check asks for a pause after an attempt that did not pass. <span aria-hidden="true">Time left: {timeLeft(left)}.</span>
        </p>
      </div>
    </Wait>
  );
}

const Wait = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  align-items: flex-start;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.warningSoft};
  color: ${({ theme }) => theme.colors.text};

  svg {
    flex: none;
    margin-top: 2px;
    color: ${({ theme }) => theme.colors.warning};
  }
  p {
    margin-top: 2px;
  }
`;
