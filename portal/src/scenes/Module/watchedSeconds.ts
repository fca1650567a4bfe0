/**
 * The distinct seconds of a video that were actually played. Skipping ahead adds nothing and
 * watching a part twice counts once, so `size` is an honest "watched duration".
 */
export class WatchedSeconds {
  private readonly seconds = new Set<number>();

  constructor(initial: Iterable<number> = []) {
    for (const second of initial) if (Number.isInteger(second) && second >= 0) this.seconds.add(second);
  }

  /** Longest gap between two time updates that still counts as continuous play (not a seek). */
  static readonly MAX_STEP = 1.5;

  /**
   * Playback moved from `from` to `to`. Continuous play marks every whole second it crossed;
   * a jump (backwards, or more than MAX_STEP forwards) is a seek and marks nothing.
   */
  advance(from: number, to: number): void {
    if (!Number.isFinite(from) || !Number.isFinite(to)) return;
    const step = to - from;
    if (step <= 0 || step > WatchedSeconds.MAX_STEP) return;
    for (let second = Math.floor(from); second < Math.floor(to); second += 1) {
      if (second >= 0) this.seconds.add(second);
    }
  }

  get size(): number {
    return this.seconds.size;
  }

  /** Compact form for storage: "0-41,60-75". */
  serialize(): string {
    const sorted = [...this.seconds].sort((a, b) => a - b);
    const ranges: string[] = [];
    let start: number | undefined;
    let previous: number | undefined;
    for (const second of sorted) {
      if (start === undefined || previous === undefined) {
        start = second;
      } else if (second !== previous + 1) {
        ranges.push(start === previous ? `${start}` : `${start}-${previous}`);
        start = second;
      }
      previous = second;
    }
    if (start !== undefined && previous !== undefined) ranges.push(start === previous ? `${start}` : `${start}-${previous}`);
    return ranges.join(',');
  }

  static parse(text: string | null | undefined): WatchedSeconds {
    const seconds: number[] = [];
    for (const part of (text ?? '').split(',')) {
      const match = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
      if (!match) continue;
      const start = Number(match[1]);
      const end = Math.min(Number(match[2] ?? match[1]), start + 24 * 60 * 60);
      for (let second = start; second <= end; second += 1) seconds.push(second);
    }
    return new WatchedSeconds(seconds);
  }
}

/**
 * Watched seconds are kept on this device between visits (the server stores only the count),
 * so watching the first half today and the second half tomorrow adds up to the whole video.
 */
export const watchedStorageKey = (userId: number, moduleId: number) => `atrium:watched:${userId}:${moduleId}`;

export function loadWatched(userId: number, moduleId: number): WatchedSeconds {
  try {
    return WatchedSeconds.parse(window.localStorage.getItem(watchedStorageKey(userId, moduleId)));
  } catch {
    return new WatchedSeconds();
  }
}

export function storeWatched(userId: number, moduleId: number, watched: WatchedSeconds): void {
  try {
    window.localStorage.setItem(watchedStorageKey(userId, moduleId), watched.serialize());
  } catch {
    // Private browsing or a full quota: the count still reaches the server.
  }
}
