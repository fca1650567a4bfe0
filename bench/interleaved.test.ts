import { describe, expect, it } from 'vitest';
import type { LoadResult } from './load.ts';
import { interleavedShare, shareOf } from './interleaved.ts';

const run = (ok: number, seconds: number): LoadResult => ({ rps: ok / seconds, ok, non2xx: 0, errors: 0, seconds, p50: 1, p99: 2, statusCodes: { 200: ok } });

describe('shareOf', () => {
  it('sums answers and seconds on each side before dividing', () => {
    const measure = shareOf([
      { ceiling: run(40_000, 2), scenario: run(8_000, 2) },
      { ceiling: run(20_000, 2), scenario: run(4_000, 2) },
    ]);
    expect(measure.ceilingRps).toBe(15_000);
    expect(measure.scenarioRps).toBe(3_000);
    expect(measure.share).toBeCloseTo(0.2);
    expect(measure.slices).toEqual([0.2, 0.2]);
  });

  it('weights a slice by its length, not one slice one vote', () => {
    const measure = shareOf([
      { ceiling: run(10_000, 1), scenario: run(1_000, 1) },
      { ceiling: run(30_000, 3), scenario: run(9_000, 3) },
    ]);
    expect(measure.share).toBeCloseTo(10_000 / 4 / (40_000 / 4));
    expect(measure.slices[0]).toBeCloseTo(0.1);
    expect(measure.slices[1]).toBeCloseTo(0.3);
  });

  it('refuses an empty measure', () => {
    expect(() => shareOf([])).toThrow('no slices');
  });
});

describe('interleavedShare', () => {
  it('alternates ceiling and scenario, the ceiling first, each slice as long as asked', async () => {
    const calls: string[] = [];
    const measure = await interleavedShare(
      async (seconds) => {
        calls.push(`ceiling ${seconds}`);
        return run(20_000 * seconds, seconds);
      },
      async (seconds) => {
        calls.push(`scenario ${seconds}`);
        return run(7_000 * seconds, seconds);
      },
      { slices: 3, sliceSeconds: 2 },
    );
    expect(calls).toEqual(['ceiling 2', 'scenario 2', 'ceiling 2', 'scenario 2', 'ceiling 2', 'scenario 2']);
    expect(measure.share).toBeCloseTo(0.35);
  });
});
