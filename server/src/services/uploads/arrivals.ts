import { createHash, type Hash } from 'node:crypto';
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { Transform, type Readable } from 'node:stream';
import type { DataStore } from '@tus/utils';

/**
 * The SHA-256 of each upload's bytes, computed as they arrive, so a finished upload need not be
 * read again to be hashed. It follows an upload from its first byte through every PATCH this
 * instance receives in order; a PATCH that fails, a resume at another offset or one that went to
 * another instance loses it, and the upload is hashed from storage when it finishes instead.
 */
export class ArrivalHashes {
  private readonly hashes = new Map<string, { offset: number; hash: Hash }>();

  /** At most this many uploads are followed at once; more arrive unhashed (hashed when they finish). */
  constructor(private readonly capacity = 2_000) {}

  /** The hash to continue for bytes written at `offset`, or null when they are not followed. */
  begin(id: string, offset: number): Hash | null {
    const known = this.hashes.get(id);
    if (known && known.offset === offset) return known.hash;
    this.hashes.delete(id);
    if (offset !== 0 || this.hashes.size >= this.capacity) return null;
    const hash = createHash('sha256');
    this.hashes.set(id, { offset: 0, hash });
    return hash;
  }

  /** The PATCH wrote `counted` bytes from `offset` and the upload now ends at `end`. */
  advance(id: string, offset: number, counted: number, end: number): void {
    const known = this.hashes.get(id);
    if (known && offset + counted === end) known.offset = end;
    else this.hashes.delete(id);
  }

  forget(id: string): void {
    this.hashes.delete(id);
  }

  /** The digest of an upload's `size` bytes when they were all followed; the entry is dropped either way. */
  take(id: string, size: number): string | null {
    const known = this.hashes.get(id);
    this.hashes.delete(id);
    return known && known.offset === size ? known.hash.digest('hex') : null;
  }
}

/**
 * How fast this instance takes in upload bytes, so uploads yield to everything else it answers.
 * Taking in a 100 MB video is thousands of chunks on the one thread that also answers every
 * page, so twenty uploads at full speed leave a dashboard a sliver of it. Every 100 ms the
 * share of time the event loop was busy decides the pace: above
 * `busy` the allowance drops to a floor at once (8 MB/s, or more with many uploads arriving, so
 * each PATCH still finishes in time), below it the allowance grows again by a quarter. An instance with
 * nothing else to do takes uploads as fast as they come; under load they slow down, and the
 * TCP window tells the clients so (tus-js-client just waits).
 */
export class IngestionPace {
  private allowance: number;
  private available: number;
  private last = Date.now();
  private timer: NodeJS.Timeout | null = null;
  /** Whether any chunk arrived since the last tick. */
  private taken = false;
  /** PATCHes being received now. */
  private receiving = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly options: { floor: number; perUpload: number; ceiling: number; busy: number } = {
      floor: 8 * 1024 * 1024,
      perUpload: 256 * 1024,
      ceiling: 2 * 1024 * 1024 * 1024,
      busy: 0.7,
    },
    /** The share of time (0–1) the event loop was busy since the previous call. */
    private readonly busyShare: () => number = loopBusyShare(),
  ) {
    this.allowance = options.ceiling;
    this.available = options.ceiling / 10;
  }

  /** Bytes per second uploads may be taken in at now. */
  get rate(): number {
    return this.allowance;
  }

  /** Null when `bytes` may be taken in now; otherwise resolves once they may. */
  take(bytes: number): Promise<void> | null {
    this.start();
    this.taken = true;
    this.refill();
    if (this.available >= 0) {
      this.available -= bytes;
      return null;
    }
    return new Promise<void>((resolve) => this.waiting.push(resolve)).then(() => this.take(bytes) ?? undefined);
  }

  /** A pass-through that takes its chunks in at this pace (one per PATCH being received). */
  meter(): Transform {
    this.receiving += 1;
    const meter = new Transform({
      transform: (chunk: Buffer, _encoding, done) => {
        const wait = this.take(chunk.length);
        if (wait) void wait.then(() => done(null, chunk));
        else done(null, chunk);
      },
    });
    meter.once('close', () => (this.receiving -= 1));
    return meter;
  }

  private refill(): void {
    const now = Date.now();
    const elapsed = (now - this.last) / 1000;
    this.last = now;
    // At most a tenth of a second's worth is saved up, so a quiet spell does not allow a burst.
    this.available = Math.min(this.allowance / 10, this.available + elapsed * this.allowance);
  }

  /** Adjusts the allowance every 100 ms while uploads are arriving, and wakes waiting chunks. */
  private start(): void {
    if (this.timer) return;
    this.busyShare();
    this.timer = setInterval(() => this.tick(), 100);
    this.timer.unref();
  }

  private tick(): void {
    const { ceiling, busy } = this.options;
    // However busy, each PATCH gets enough to finish an 8 MiB chunk well inside the server's
    // 60-second request timeout (which would otherwise cut it off and have it sent again).
    const floor = Math.min(ceiling, Math.max(this.options.floor, this.receiving * this.options.perUpload));
    this.allowance = this.busyShare() > busy ? floor : Math.min(ceiling, this.allowance * 1.25);
    this.refill();
    const woken = this.waiting.splice(0);
    for (const wake of woken) wake();
    // Nothing arrived for a whole tick: the timer stops until the next chunk (the pace is kept).
    if (!this.taken && !woken.length && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
    this.taken = false;
  }
}

/** The event loop's utilisation since the previous call (Node's own measure of how busy it was). */
function loopBusyShare(): () => number {
  let previous: EventLoopUtilization = performance.eventLoopUtilization();
  return () => {
    const since = performance.eventLoopUtilization(previous);
    previous = performance.eventLoopUtilization();
    return since.utilization;
  };
}

/**
 * Makes a tus store's writes hash the bytes as they arrive and take them in at `pace`. The store's
 * own write still receives every byte in order; a failed write forgets the upload's hash.
 */
export function instrumentWrites<T extends DataStore>(store: T, idOf: (storeId: string) => string, hashes: ArrivalHashes, pace: IngestionPace): T {
  const write = store.write.bind(store);
  store.write = async (readable: Readable, storeId: string, offset: number): Promise<number> => {
    const id = idOf(storeId);
    const hash = hashes.begin(id, offset);
    let counted = 0;
    const metered = pace.meter();
    const measured = metered.pipe(
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          counted += chunk.length;
          hash?.update(chunk);
          done(null, chunk);
        },
      }),
    );
    // pipe() does not pass errors on: the store must see the request's failure to stop writing.
    readable.once('error', (error) => metered.destroy(error));
    metered.once('error', (error) => measured.destroy(error));
    readable.pipe(metered);
    try {
      const end = await write(measured, storeId, offset);
      hashes.advance(id, offset, counted, end);
      return end;
    } catch (error) {
      hashes.forget(id);
      throw error;
    }
  };
  return store;
}
