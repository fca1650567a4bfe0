import { describe, expect, it } from 'vitest';
import { batchLoader } from './batchLoader.ts';

/** The loader's `load`, as the callers use it. */
function loaderOf<I, O>(run: (items: readonly I[]) => Promise<ReadonlyArray<O | Error>>, options?: { aloneForMs?: number }) {
  const loader = batchLoader(run, options);
  return (item: I) => loader.load(item);
}

describe('batchLoader', () => {
  it('runs the calls of one turn as one batch and answers each its own outcome', async () => {
    const batches: number[][] = [];
    const double = loaderOf(async (items: readonly number[]) => {
      batches.push([...items]);
      return items.map((item) => (item < 0 ? new Error(`negative: ${item}`) : item * 2));
    });
    const outcomes = await Promise.allSettled([double(1), double(-2), double(3)]);
    expect(batches).toEqual([[1, -2, 3]]);
    expect(outcomes).toEqual([
      { status: 'fulfilled', value: 2 },
      { status: 'rejected', reason: new Error('negative: -2') },
      { status: 'fulfilled', value: 6 },
    ]);
  });

  it('keeps one batch in flight: calls made meanwhile wait and go together as the next', async () => {
    const batches: number[][] = [];
    let release!: () => void;
    const first = new Promise<void>((resolve) => (release = resolve));
    let running = 0;
    let mostAtOnce = 0;
    const echo = loaderOf(async (items: readonly number[]) => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      batches.push([...items]);
      if (batches.length === 1) await first;
      running -= 1;
      return items;
    });
    const a = echo(1);
    await new Promise((resolve) => setImmediate(resolve));
    // The first batch is running; these three arrive over several turns while it does.
    const b = echo(2);
    await new Promise((resolve) => setImmediate(resolve));
    const c = echo(3);
    const d = echo(4);
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[1]]);
    release();
    expect(await Promise.all([a, b, c, d])).toEqual([1, 2, 3, 4]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
    expect(mostAtOnce).toBe(1);
  });

  it('fails every call of a batch that throws, and runs the next batch all the same', async () => {
    let calls = 0;
    const flaky = loaderOf(async (items: readonly string[]) => {
      calls += 1;
      if (calls === 1) throw new Error('connection lost');
      return items.map((item) => item.toUpperCase());
    });
    const failed = await Promise.allSettled([flaky('a'), flaky('b')]);
    expect(failed.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(await flaky('c')).toBe('C');
  });

  it('fails the calls when the batch answers the wrong number of outcomes', async () => {
    const short = loaderOf(async (items: readonly number[]) => items.slice(1));
    const outcomes = await Promise.allSettled([short(1), short(2)]);
    expect(outcomes.every((outcome) => outcome.status === 'rejected')).toBe(true);
  });

  it('lets the next batch start alongside one that has run too long, and still answers the slow one', async () => {
    const batches: number[][] = [];
    let releaseSlow!: () => void;
    const slow = new Promise<void>((resolve) => (releaseSlow = resolve));
    const echo = loaderOf(
      async (items: readonly number[]) => {
        batches.push([...items]);
        if (items.includes(1)) await slow;
        return items;
      },
      { aloneForMs: 200 },
    );
    const stuck = echo(1);
    await new Promise((resolve) => setImmediate(resolve));
    const next = echo(2);
    // Held back while the first batch is young (a few turns later), then run alongside it.
    for (let turn = 0; turn < 3; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[1]]);
    expect(await next).toBe(2);
    expect(batches).toEqual([[1], [2]]);
    releaseSlow();
    expect(await stuck).toBe(1);
  });
});
