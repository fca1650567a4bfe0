import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ProgressDto } from '@atrium/common';
import { saveProgress } from '../../api/progress.ts';
import { loadWatched, storeWatched, type WatchedSeconds } from './watchedSeconds.ts';
import { PlayedBuckets } from './playedBuckets.ts';

/** SPEC §9: progress is saved every 30 seconds while the video plays. */
export const AUTOSAVE_INTERVAL_MS = 30_000;

export type PlaybackEvent =
  | { type: 'play'; seconds: number }
  | { type: 'timeupdate'; seconds: number }
  | { type: 'seeked'; seconds: number }
  | { type: 'pause'; seconds: number }
  | { type: 'ended'; seconds: number };

interface Options {
  userId: number;
  moduleId: number;
  courseId: number;
  /** Module duration in seconds (0 when unknown). */
  duration: number;
  /** The seconds the server already counts as played (`playedSeconds`): a new device starts from there. */
  serverWatched: number;
  /** Seconds of play after which `reached` turns true (issue 36: "Completion requires watching"). */
  target?: number;
  onSaved(progress: ProgressDto): void;
}

/**
 * Turns player events into progress saves: every 30 s while playing (time > 0), on pause, on
 * end, when the page is hidden and when the learner leaves the module. `watchedDuration` is the
 * number of distinct seconds played; `position` is where to resume.
 */
export function useWatchProgress({ userId, moduleId, courseId, duration, serverWatched, target = Number.POSITIVE_INFINITY, onSaved }: Options) {
  const watched = useRef<WatchedSeconds | null>(null);
  // The 10-second buckets played since the last report (the retention curve), sent with it.
  const bucketsPlayed = useRef(new PlayedBuckets());
  const playback = useRef({ playing: false, position: 0, lastTime: null as number | null, lastSaved: '' });
  // The newest props for saves made from player events, timers and cleanups. Updated after
  // each render commits (a render must not write refs), before any of those can run.
  const latest = useRef({ serverWatched, onSaved, duration });
  useLayoutEffect(() => {
    latest.current = { serverWatched, onSaved, duration };
  });

  if (watched.current === null) watched.current = loadWatched(userId, moduleId);
  // Set once when the played seconds reach the target, so playing re-renders nothing before.
  const [targetReached, setTargetReached] = useState(false);
  const played = useCallback(() => {
    const cap = latest.current.duration > 0 ? latest.current.duration : Number.POSITIVE_INFINITY;
    return Math.min(cap, Math.max(latest.current.serverWatched, watched.current!.size));
  }, []);

  const save = useCallback(
    (options: { keepalive?: boolean } = {}) => {
      const state = playback.current;
      const seconds = watched.current!;
      const watchedDuration = played();
      const position = Math.max(0, Math.round(state.position));
      if (position === 0 && seconds.size === 0) return;
      const signature = `${watchedDuration}:${position}`;
      if (signature === state.lastSaved && bucketsPlayed.current.size === 0) return;
      state.lastSaved = signature;
      storeWatched(userId, moduleId, seconds);
      const playedBuckets = bucketsPlayed.current.take();
      const update = {
        moduleId,
        courseId,
        watchedDuration,
        playedSeconds: watchedDuration,
        isCompleted: false,
        position,
        ...(playedBuckets.length > 0 ? { playedBuckets } : {}),
      };
      saveProgress(update, options).then(
        (progress) => latest.current.onSaved(progress),
        () => {
          // Not saved (offline, signed out): try again at the next opportunity.
          if (state.lastSaved === signature) state.lastSaved = '';
          bucketsPlayed.current.putBack(playedBuckets);
        },
      );
    },
    [userId, moduleId, courseId, played],
  );

  const handle = useCallback(
    (event: PlaybackEvent) => {
      const state = playback.current;
      switch (event.type) {
        case 'play':
          state.playing = true;
          state.lastTime = event.seconds;
          state.position = event.seconds;
          break;
        case 'timeupdate':
          if (state.playing && state.lastTime !== null) {
            watched.current!.advance(state.lastTime, event.seconds);
            bucketsPlayed.current.advance(state.lastTime, event.seconds);
          }
          if (played() >= target) setTargetReached(true);
          state.lastTime = event.seconds;
          state.position = event.seconds;
          break;
        case 'seeked':
          state.lastTime = event.seconds;
          state.position = event.seconds;
          break;
        case 'pause':
        case 'ended':
          state.playing = false;
          state.position = event.seconds;
          state.lastTime = event.seconds;
          save();
          break;
      }
    },
    [save, played, target],
  );

  useEffect(() => {
    const timer = setInterval(() => {
      const state = playback.current;
      if (state.playing && state.position > 0) save();
    }, AUTOSAVE_INTERVAL_MS);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') save({ keepalive: true });
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      // Leaving the module (another module, the course page, signing out) saves once more.
      save({ keepalive: true });
    };
  }, [save]);

  const position = useCallback(() => playback.current.position, []);
  return { handle, save, position, played, reached: targetReached || Math.min(serverWatched, duration > 0 ? duration : serverWatched) >= target };
}
