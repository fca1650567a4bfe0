import autocannon from 'autocannon';

export interface LoadResult {
  /** Successful (2xx) responses per second over the whole run. */
  rps: number;
  ok: number;
  non2xx: number;
  /** Connection errors, timeouts included. */
  errors: number;
  seconds: number;
  /** Latency percentiles of the 2xx responses, in milliseconds (sub-millisecond precision). */
  p50: number;
  p99: number;
  statusCodes: Record<string, number>;
}

export type LoadOptions = Pick<autocannon.Options, 'url' | 'method' | 'headers' | 'body' | 'requests' | 'setupClient'> & {
  connections: number;
  duration: number;
  /** Stop after this many requests in all (autocannon's `amount`, which then overrides `duration`); `duration` still bounds the guard. */
  amount?: number;
};

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * One autocannon run in this process (the server is another process). Latencies are collected
 * from each response rather than autocannon's whole-millisecond histogram, and the run is cut
 * off if it overstays its duration by 30 s.
 */
export function load(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    let latencies = new Float64Array(1 << 16);
    let count = 0;
    let started = 0;
    const statusCodes: Record<string, number> = {};
    const instance = autocannon({ ...options, timeout: 30, pipelining: 1 }, (error: Error | null, result: autocannon.Result) => {
      clearTimeout(guard);
      if (error) return reject(error);
      const seconds = (performance.now() - started) / 1000;
      const sorted = latencies.subarray(0, count).sort();
      const ok = count;
      resolve({
        rps: ok / seconds,
        ok,
        non2xx: result.non2xx,
        errors: result.errors,
        seconds,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        statusCodes,
      });
    });
    started = performance.now();
    const guard = setTimeout(() => instance.stop(), (options.duration + 30) * 1000);
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      statusCodes[statusCode] = (statusCodes[statusCode] ?? 0) + 1;
      if (statusCode < 200 || statusCode >= 300) return;
      if (count === latencies.length) {
        const bigger = new Float64Array(latencies.length * 2);
        bigger.set(latencies);
        latencies = bigger;
      }
      latencies[count] = responseTime;
      count += 1;
    });
  });
}
