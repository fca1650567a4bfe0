import { useEffect, useState } from 'react';

/**
 * What the captions need of the video player: its time as it plays, and a way to seek.
 * @vimeo/player's Player has this shape; component tests pass a fake.
 */
export interface CaptionPlayer {
  on(event: 'timeupdate' | 'seeked', callback: (data: { seconds: number }) => void): void;
  off(event: 'timeupdate' | 'seeked', callback: (data: { seconds: number }) => void): void;
  setCurrentTime(seconds: number): Promise<unknown>;
}

/** The player's current time in seconds, following its `timeupdate` and `seeked` events. */
export function usePlayerTime(player: CaptionPlayer | null): number {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (!player) return;
    const update = (data: { seconds: number }) => {
      if (Number.isFinite(data?.seconds)) setSeconds(data.seconds);
    };
    player.on('timeupdate', update);
    player.on('seeked', update);
    return () => {
      player.off('timeupdate', update);
      player.off('seeked', update);
    };
  }, [player]);
  return seconds;
}

/** The index of the cue showing at `seconds`, or -1 between cues (cues are in time order). */
export function currentCueIndex(cues: ReadonlyArray<{ start: number; end: number }>, seconds: number): number {
  let low = 0;
  let high = cues.length - 1;
  let found = -1;
  // The last cue starting at or before `seconds`.
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (cues[middle]!.start <= seconds) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found >= 0 && seconds < cues[found]!.end ? found : -1;
}
