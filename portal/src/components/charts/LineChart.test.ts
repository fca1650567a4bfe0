import { scaleLinear } from '@visx/scale';
import { describe, expect, it } from 'vitest';
import { axisTicks, marginFor } from './LineChart.tsx';

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

describe('marginFor', () => {
  it('leaves room for the widest y label and half the last x label, so neither is cut at the edge', () => {
    const small = marginFor(['0', '10', '20'], '9 Nov');
    const money = marginFor(['US$0', 'US$1,000', 'US$3,000'], '16 Nov');
    expect(money.left).toBeGreaterThanOrEqual('US$3,000'.length * 7);
    expect(money.left).toBeGreaterThan(small.left);
    expect(small.left).toBe(32);
    expect(money.right).toBeGreaterThanOrEqual(('16 Nov'.length * 7) / 2);
  });
});
