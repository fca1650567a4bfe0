import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM script shared with `npm run size`, no type declarations
import { BUDGETS, DIST, distBuilt, measure } from '../scripts/budgets.mjs';

interface Row {
  name: string;
  fileName: string | null;
  gzipBytes: number | null;
  maxBytes: number;
  ok: boolean;
  problem: string | null;
}

/**
 * The built bundles (npm run build -w widgets) against the gzip budgets of the widgets issue.
 * Without a build there is nothing to measure; CI builds before it tests.
 */
describe.skipIf(!distBuilt())('widget bundles in widgets/dist', () => {
  const rows = measure() as Row[];
  const bundle = (pattern: RegExp) => {
    const name = readdirSync(DIST).find((file) => pattern.test(file));
    return name ? readFileSync(join(DIST, name), 'utf8') : '';
  };

  it.each(rows.map((row) => [row.name, row] as const))('%s is built and within its gzip budget', (_name, row) => {
    expect(row.problem, `${row.fileName ?? row.name}: ${row.gzipBytes} bytes gzip, budget ${row.maxBytes}`).toBeNull();
    expect(row.gzipBytes!).toBeLessThanOrEqual(row.maxBytes);
  });

  it('measures every bundle the issue names', () => {
    expect(rows).toHaveLength(BUDGETS.length);
  });

  it('builds IIFEs on Preact, without UMD/AMD wrappers or React itself', () => {
    for (const row of rows) {
      const code = bundle(new RegExp(`^${row.fileName!.replace(/\./g, '\\.')}$`));
      expect(code, row.fileName!).not.toMatch(/define\.amd|typeof exports|module\.exports/);
      expect(code, row.fileName!).not.toContain('react.transitional.element');
      expect(code, row.fileName!).not.toContain('__REACT_DEVTOOLS');
    }
  });

  it('points the launcher at the panel file that was built beside it', () => {
    const panel = rows.find((row) => row.name.includes('panel'))!.fileName!;
    expect(panel).toMatch(/^support-chat-panel\.[\w-]{6,}\.js$/);
    expect(bundle(/^support-chat\.js$/)).toContain(JSON.stringify(panel));
  });
});
