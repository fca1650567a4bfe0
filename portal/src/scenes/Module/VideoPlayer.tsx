import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import type Player from '@vimeo/player';
import styled from 'styled-components';
import { Button } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Spinner } from '../../components/Loading.tsx';
import type { CaptionPlayer } from './captionPlayer.ts';
import type { PlaybackEvent } from './useWatchProgress.ts';

/** How long the Vimeo player may take to say it is ready before we tell the learner. */
export const PLAYER_READY_TIMEOUT_MS = 15_000;

type Status = 'loading' | 'ready' | 'unavailable';

/**
 * The module's Vimeo player (@vimeo/player, loaded only on this route). When vimeo.com cannot
 * be reached (offline, or a school network that blocks it) the learner is told so plainly.
 */
export function VideoPlayer({
  videoId,
  hash,
  title,
  startAt,
  onPlayback,
  onPlayer,
  children,
  canCompleteWithout = true,
  onUnavailable,
}: {
  videoId: string;
  hash?: string | null;
  title: string;
  /** Resume point in seconds, or 0. */
  startAt: number;
  onPlayback(event: PlaybackEvent): void;
  /** The ready player (for captions: its time and seeking), and null once it is gone. */
  onPlayer?(player: CaptionPlayer | null): void;
  /** Drawn over the video (the captions). */
  children?: ReactNode;
  /** False on a course that requires watching (issue 36): the overlay does not offer Mark as Complete. */
  canCompleteWithout?: boolean;
  /** Told whether the player is unavailable, each time that changes. */
  onUnavailable?(unavailable: boolean): void;
}) {
  const host = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [attempt, setAttempt] = useState(0);
  // Read by the player's callbacks when they run: a new handler or resume point must not
  // rebuild the player.
  const reportPlayback = useEffectEvent(onPlayback);
  const resumePoint = useEffectEvent(() => startAt);
  const reportPlayer = useEffectEvent((ready: CaptionPlayer | null) => onPlayer?.(ready));
  const reportUnavailable = useEffectEvent((unavailable: boolean) => onUnavailable?.(unavailable));
  useEffect(() => reportUnavailable(status === 'unavailable'), [status]);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    let cancelled = false;
    let player: Player | null = null;
    setStatus('loading');
    const fail = () => {
      if (!cancelled) setStatus('unavailable');
    };
    const timeout = setTimeout(fail, PLAYER_READY_TIMEOUT_MS);
    const url: `https://player.vimeo.com/video/${string}` = `https://player.vimeo.com/video/${encodeURIComponent(videoId)}${hash ? `?h=${encodeURIComponent(hash)}` : ''}`;

    if (typeof navigator !== 'undefined' && navigator.onLine === false) fail();
    // A quick reachability check: an opaque answer means the host is reachable; a network error
    // means the iframe would only show the browser's error page.
    fetch(url, { mode: 'no-cors', cache: 'no-store' }).catch(fail);

    import('@vimeo/player')
      .then(({ default: VimeoPlayer }) => {
        if (cancelled) return;
        player = new VimeoPlayer(element, { url, responsive: true, dnt: true, title: false, byline: false, portrait: false });
        const send = (type: PlaybackEvent['type']) => (data: { seconds?: number }) => reportPlayback({ type, seconds: data?.seconds ?? 0 } as PlaybackEvent);
        player.on('play', send('play'));
        player.on('timeupdate', send('timeupdate'));
        player.on('seeked', send('seeked'));
        player.on('pause', send('pause'));
        player.on('ended', send('ended'));
        return player.ready().then(async () => {
          if (cancelled || !player) return;
          clearTimeout(timeout);
          setStatus('ready');
          reportPlayer(player);
          const iframe = element.querySelector('iframe');
          iframe?.setAttribute('title', `Video: ${title}`);
          const resume = resumePoint();
          if (resume > 0) {
            const length = await player.getDuration().catch(() => 0);
            if (length === 0 || resume < length - 5) await player.setCurrentTime(resume).catch(() => undefined);
          }
        });
      })
      .catch(fail);

    return () => {
      cancelled = true;
      clearTimeout(timeout);
      reportPlayer(null);
      void player?.destroy().catch(() => undefined);
      element.replaceChildren();
    };
  }, [videoId, hash, title, attempt]);

  return (
    <Stage $unavailable={status === 'unavailable'}>
      <Frame ref={host} $hidden={status === 'unavailable'} />
      {status === 'ready' ? children : null}
      {status === 'loading' ? (
        <Overlay role="status">
          <Spinner aria-hidden="true" />
          <span>Loading video…</span>
        </Overlay>
      ) : null}
      {status === 'unavailable' ? (
        <Overlay role="alert">
          <Icon name="wifiOff" size={36} />
          <strong>The video player could not load</strong>
          <span>
            Vimeo, which hosts the course videos, cannot be reached. You may be offline, or your school network may block vimeo.com.
            {canCompleteWithout
              ? ' You can still mark this module as complete below.'
              : ' This course requires watching, so the module cannot be completed until the video plays.'}
          </span>
          <Button variant="inverse" size="sm" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </Button>
        </Overlay>
      ) : null}
    </Stage>
  );
}

const Stage = styled.div<{ $unavailable: boolean }>`
  position: relative;
  width: min(100%, calc(72vh * 16 / 9));
  aspect-ratio: 16 / 9;
  margin: 0 auto;
  background: ${({ theme }) => theme.colors.inverse.stage};

  /* The explanation needs more room than a 16:9 box has on a phone. */
  min-height: ${({ $unavailable }) => ($unavailable ? '19rem' : '0')};
`;

const Frame = styled.div<{ $hidden: boolean }>`
  position: absolute;
  inset: 0;
  visibility: ${({ $hidden }) => ($hidden ? 'hidden' : 'visible')};

  & > div {
    height: 100%;
    padding: 0 !important;
  }
  iframe {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    border: 0;
  }
`;

const Overlay = styled.div`
  position: absolute;
  inset: 0;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.lg};
  color: ${({ theme }) => theme.colors.inverse.textMuted};
  text-align: center;

  strong {
    color: ${({ theme }) => theme.colors.inverse.text};
    font-size: ${({ theme }) => theme.fontSize.lg};
  }
  span {
    max-width: 34rem;
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
`;
