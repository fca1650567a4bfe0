import { vi } from 'vitest';
import { pinReader } from '@atrium/common/rules/dates';

/**
 * Reads the page as a browser in `timeZone` with `locale` would: the process's time zone (TZ,
 * which Node applies as it is set) and navigator.language / languages, nothing pinned, so the
 * formatter's own defaults are what is tested. Restored after the test (vi.restoreAllMocks and
 * the returned function).
 */
export function readAs(locale: string, timeZone: string): () => void {
  const before = process.env.TZ;
  process.env.TZ = timeZone;
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(locale);
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue([locale]);
  // Forgets formatters built for another reader.
  pinReader({});
  return () => {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
    vi.restoreAllMocks();
  };
}
