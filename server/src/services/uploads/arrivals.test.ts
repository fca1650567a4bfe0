import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ArrivalHashes, IngestionPace } from './arrivals.ts';

const bytes = Buffer.from('0123456789abcdefghij');
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('ArrivalHashes', () => {
  it('follows an upload across PATCHes that continue where the last one ended', () => {
    const hashes = new ArrivalHashes();
    hashes.begin('u1-a', 0)!.update(bytes.subarray(0, 8));
    hashes.advance('u1-a', 0, 8, 8);
    hashes.begin('u1-a', 8)!.update(bytes.subarray(8));
    hashes.advance('u1-a', 8, 12, 20);
    expect(hashes.take('u1-a', 20)).toBe(sha256(bytes));
    expect(hashes.take('u1-a', 20)).toBeNull();
  });

  it('gives up on an upload resumed at another offset, written short, failed or not yet complete', () => {
    const hashes = new ArrivalHashes();
    hashes.begin('u1-a', 0)!.update(bytes.subarray(0, 8));
    hashes.advance('u1-a', 0, 8, 8);
    // The store kept only 6 bytes of what was hashed (a resume from 6 follows).
    expect(hashes.begin('u1-a', 6)).toBeNull();
    expect(hashes.take('u1-a', 20)).toBeNull();

    hashes.begin('u1-b', 0)!.update(bytes);
    hashes.advance('u1-b', 0, 20, 18);
    expect(hashes.take('u1-b', 20)).toBeNull();

    hashes.begin('u1-c', 0)!.update(bytes);
    hashes.forget('u1-c');
    expect(hashes.take('u1-c', 20)).toBeNull();

    hashes.begin('u1-d', 0)!.update(bytes.subarray(0, 8));
    hashes.advance('u1-d', 0, 8, 8);
    expect(hashes.take('u1-d', 20)).toBeNull();
  });

  it('never starts following an upload part-way, and follows at most its capacity', () => {
    const hashes = new ArrivalHashes(1);
    expect(hashes.begin('u1-a', 5)).toBeNull();
    expect(hashes.begin('u1-b', 0)).not.toBeNull();
    expect(hashes.begin('u1-c', 0)).toBeNull();
  });
});

describe('IngestionPace', () => {
  afterEach(() => vi.useRealTimers());

  const MB = 1024 * 1024;

  it('drops its allowance to the floor while the event loop is busy, and grows it back by a quarter a tick when it is not', async () => {
    vi.useFakeTimers();
    let share = 0.95;
    const pace = new IngestionPace({ floor: 1 * MB, perUpload: 0, ceiling: 64 * MB, busy: 0.7 }, () => share);
    // The pace is judged every 100 ms while chunks keep arriving.
    const ticksWithTraffic = async (ticks: number) => {
      for (let tick = 0; tick < ticks; tick += 1) {
        pace.take(1);
        await vi.advanceTimersByTimeAsync(100);
      }
    };
    expect(pace.rate).toBe(64 * MB);
    await ticksWithTraffic(1);
    expect(pace.rate).toBe(1 * MB);
    share = 0.2;
    await ticksWithTraffic(2);
    expect(pace.rate).toBeCloseTo(1.5625 * MB);
    await ticksWithTraffic(30);
    expect(pace.rate).toBe(64 * MB);
  });

  it('keeps a floor of its own for every PATCH being received', async () => {
    vi.useFakeTimers();
    const pace = new IngestionPace({ floor: 1 * MB, perUpload: 1 * MB, ceiling: 64 * MB, busy: 0.7 }, () => 1);
    const meters = [pace.meter(), pace.meter(), pace.meter()];
    for (let tick = 0; tick < 10; tick += 1) {
      pace.take(1);
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(pace.rate).toBe(3 * MB);
    meters[0]!.destroy();
    meters[1]!.destroy();
    await vi.advanceTimersByTimeAsync(0);
    for (let tick = 0; tick < 3; tick += 1) {
      pace.take(1);
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(pace.rate).toBe(1 * MB);
    meters[2]!.destroy();
  });

  it('holds chunks back once the allowance is spent, and lets them through as it refills', async () => {
    vi.useFakeTimers();
    const pace = new IngestionPace({ floor: 1 * MB, perUpload: 0, ceiling: 1 * MB, busy: 0.7 }, () => 1);
    // A tenth of a second's allowance may go at once; the next chunk waits for a tick.
    expect(pace.take(200 * 1024)).toBeNull();
    const waiting = pace.take(1);
    expect(waiting).toBeInstanceOf(Promise);
    let through = false;
    void waiting!.then(() => (through = true));
    await vi.advanceTimersByTimeAsync(50);
    expect(through).toBe(false);
    await vi.advanceTimersByTimeAsync(300);
    expect(through).toBe(true);
  });

  it('passes every byte through its meter, in order', async () => {
    const pace = new IngestionPace({ floor: 64 * MB, perUpload: 0, ceiling: 64 * MB, busy: 2 }, () => 0);
    const chunks = [bytes.subarray(0, 7), bytes.subarray(7, 13), bytes.subarray(13)];
    const out: Buffer[] = [];
    for await (const chunk of Readable.from(chunks).pipe(pace.meter())) out.push(chunk as Buffer);
    expect(Buffer.concat(out)).toEqual(bytes);
  });
});
