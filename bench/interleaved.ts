import type { LoadResult } from './load.ts';

/** One slice of an interleaved measure: the ceiling's answers in its seconds, then the scenario's in its. */
export interface SlicePair {
  ceiling: Pick<LoadResult, 'ok' | 'seconds'>;
  scenario: Pick<LoadResult, 'ok' | 'seconds'>;
}

export interface InterleavedShare {
  /** The scenario's answers a second over all its slices ÷ the ceiling's over all of theirs. */
  share: number;
  ceilingRps: number;
  scenarioRps: number;
  /** Each pair's own share, in order: how much the host moved while they ran. */
  slices: number[];
}

const rps = (parts: ReadonlyArray<Pick<LoadResult, 'ok' | 'seconds'>>): number => {
  const seconds = parts.reduce((sum, part) => sum + part.seconds, 0);
  return seconds > 0 ? parts.reduce((sum, part) => sum + part.ok, 0) / seconds : 0;
};

/** The share of the ceiling over interleaved slices: answers and seconds are summed on each side before dividing. */
export function shareOf(pairs: readonly SlicePair[]): InterleavedShare {
  if (pairs.length === 0) throw new Error('no slices measured');
  const ceilingRps = rps(pairs.map((pair) => pair.ceiling));
  const scenarioRps = rps(pairs.map((pair) => pair.scenario));
  return {
    share: ceilingRps > 0 ? scenarioRps / ceilingRps : 0,
    ceilingRps,
    scenarioRps,
    slices: pairs.map((pair) => {
      const ceiling = rps([pair.ceiling]);
      return ceiling > 0 ? rps([pair.scenario]) / ceiling : 0;
    }),
  };
}

/**
 * A scenario's share of the ceiling measured in alternating slices (ceiling, scenario, ceiling,
 * scenario, …) rather than one ceiling run beside one scenario run. On the shared 2-core host the
 * bare ceiling read 18,300–29,300 req/s in six back-to-back runs of one process within a minute
 * (docs/performance-log.md, issue 54's twelfth round), so a ratio of one run to one adjacent run
 * carried that spread whatever the server did. Slices of a few seconds share the host's moods.
 */
export async function interleavedShare(
  ceiling: (seconds: number) => Promise<LoadResult>,
  scenario: (seconds: number) => Promise<LoadResult>,
  options: { slices: number; sliceSeconds: number },
): Promise<InterleavedShare> {
  const pairs: SlicePair[] = [];
  for (let slice = 0; slice < options.slices; slice += 1) {
    const bare = await ceiling(options.sliceSeconds);
    const real = await scenario(options.sliceSeconds);
    pairs.push({ ceiling: bare, scenario: real });
  }
  return shareOf(pairs);
}

export const formatShare = (measure: InterleavedShare, slices: number, sliceSeconds: number): string =>
  `interleaved ${slices} × ${sliceSeconds} s: ${Math.round(measure.scenarioRps).toLocaleString('en')} against the ceiling's ${Math.round(measure.ceilingRps).toLocaleString('en')} req/s (slices ${measure.slices.map((share) => `${(share * 100).toFixed(0)} %`).join(', ')})`;
