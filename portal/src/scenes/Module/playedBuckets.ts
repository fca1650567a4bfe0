import { MAX_PLAYED_BUCKETS } from '@atrium/common/schemas/catalogue';
import { WatchedSeconds } from './watchedSeconds.ts';

/** A retention bucket is 10 seconds of the video (the server's BUCKET_SECONDS). */
export const BUCKET_SECONDS = 10;

/**
 * The 10-second buckets played since the last progress report, for the retention curve: the same
 * continuous-play rule as WatchedSeconds (a seek marks nothing). `take()` hands out at most what
 * one report may carry and forgets them; `putBack()` keeps them for the next report when a save fails.
 */
export class PlayedBuckets {
  private readonly pending = new Set<number>();

  advance(from: number, to: number): void {
    if (!Number.isFinite(from) || !Number.isFinite(to)) return;
    const step = to - from;
    if (step <= 0 || step > WatchedSeconds.MAX_STEP) return;
    for (let second = Math.floor(from); second < Math.floor(to); second += 1) {
      if (second >= 0) this.pending.add(Math.floor(second / BUCKET_SECONDS));
    }
  }

  get size(): number {
    return this.pending.size;
  }

  take(): number[] {
    const taken = [...this.pending].sort((a, b) => a - b).slice(0, MAX_PLAYED_BUCKETS);
    for (const bucket of taken) this.pending.delete(bucket);
    return taken;
  }

  putBack(buckets: readonly number[]): void {
    for (const bucket of buckets) this.pending.add(bucket);
  }
}
