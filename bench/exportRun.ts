import { memoryOf, resetPeakMemory } from './processes.ts';

export interface ExportResult {
  status: number;
  seconds: number;
  firstByteSeconds: number;
  bytes: number;
  /** The download ends with a zip end-of-central-directory record: the workbook is complete. */
  complete: boolean;
  /** Highest VmRSS sampled every 50 ms during the download, and VmHWM (kernel peak) when available. */
  peakRssMb: number;
  peakHwmMb: number | null;
  rssBeforeMb: number;
}

const EOCD = Buffer.from([0x50, 0x4b, 0x05, 0x06]);

/**
 * Downloads a workbook (the admin's students export unless `path` says another, such as a trust's
 * register) and watches the server's resident memory meanwhile.
 */
export async function exportDownload(
  base: string,
  cookie: string,
  serverPid: number,
  { path = '/api/admin/export-excel', timeoutSeconds = 300 }: { path?: string; timeoutSeconds?: number } = {},
): Promise<ExportResult> {
  const before = memoryOf(serverPid);
  const hwmReset = resetPeakMemory(serverPid);
  let peakRss = before?.rssMb ?? 0;
  const sampler = setInterval(() => {
    const now = memoryOf(serverPid);
    if (now) peakRss = Math.max(peakRss, now.rssMb);
  }, 50);
  const started = performance.now();
  let firstByte: number;
  let bytes = 0;
  let tail = Buffer.alloc(0);
  let status: number;
  try {
    const response = await fetch(`${base}${path}`, { headers: { cookie }, signal: AbortSignal.timeout(timeoutSeconds * 1000) });
    status = response.status;
    firstByte = performance.now();
    if (!response.body) throw new Error('export: no body');
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
      tail = Buffer.concat([tail, value]).subarray(-65_536);
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  const after = memoryOf(serverPid);
  if (after) peakRss = Math.max(peakRss, after.rssMb);
  return {
    status,
    seconds,
    firstByteSeconds: (firstByte - started) / 1000,
    bytes,
    complete: tail.lastIndexOf(EOCD) >= 0,
    peakRssMb: peakRss,
    peakHwmMb: hwmReset && after ? after.peakMb : null,
    rssBeforeMb: before?.rssMb ?? 0,
  };
}
