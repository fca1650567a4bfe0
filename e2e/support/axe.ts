import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * Runs axe-core (WCAG 2.1 A and AA rules) in the page and returns its violations, each with
 * the elements it found, so a failing test says what to fix.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Judged at rest: axe reads a toast or dialog caught fading in or out as text of too little
  // contrast (a toast closing mid-check failed CI once). With reduced motion the app's animations
  // take no time (styles/GlobalStyle.ts), so two frames later every one has reached its end.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    return await runAxe(page);
  } finally {
    await page.emulateMedia({ reducedMotion: null });
  }
}

async function runAxe(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol: an inline <script> would be refused by the CSP.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      iframes: false,
      resultTypes: ['violations'],
    });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({ target: node.target, failureSummary: node.failureSummary })),
    }));
  });
}

export const describeViolations = (violations: AxeViolation[]) =>
  violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => JSON.stringify(n.target)).join('\n  ')}`).join('\n');

/** Fails the test with a readable list when axe finds anything on the screen. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations, `axe violations on ${screen}:\n${describeViolations(violations)}`).toEqual([]);
}
