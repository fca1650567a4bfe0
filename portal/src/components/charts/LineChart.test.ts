import { scaleLinear } from '@visx/scale';
import { describe, expect, it } from 'vitest';
import { axisTicks } from './LineChart.tsx';

const ticksOf = (top: number, counts: boolean) => {
  const y = scaleLinear<number>({ domain: [0, top], range: [200, 0], nice: true });
  return axisTicks(y.ticks.bind(y), top, counts);
};

describe('axisTicks (issue 53 item 11)', () => {
  it('counts of people have whole-number ticks, never 0.2 of a learner', () => {
    expect(ticksOf(1, true)).toEqual([0, 1]);
    expect(ticksOf(2, true)).toEqual([0, 1, 2]);
    expect(ticksOf(3, true)).toEqual([0, 1, 2, 3]);
    expect(ticksOf(37, true).every(Number.isInteger)).toBe(true);
  });
  it('other values keep the scale’s own ticks', () => {
    expect(ticksOf(1, false)).toContain(0.2);
  });
});
