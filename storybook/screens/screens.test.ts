import { createRequire } from 'node:module';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import pixelmatch from 'pixelmatch';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_OFFLINE_FLAGS } from '../../e2e/support/chromiumFlags.ts';
import type { ScreenStory } from './main.tsx';

/**
 * Every story of the portal and the widgets photographed in Debian's Chromium at its widths
 * (1280 and 390 unless the story's `parameters.screens` says otherwise) and compared with the
 * baseline committed in storybook/screens/baselines/. A story whose picture changed fails, and
 * its expected, actual and diff images are saved under test-results/story-screens/.
 *
 *   UPDATE_SCREENSHOTS=1 npx vitest run --project stories-screens   (writes the baselines)
 *
 * The stories are drawn by a Vite dev server (main.tsx, no Storybook build), one after another in
 * one page per width; the font is the bundled Inter (portal/src/styles/fonts.css), the clock,
 * locale and time zone are fixed and motion is reduced, so a picture depends on the code only.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const BASELINES = resolve(import.meta.dirname, 'baselines');
const RESULTS = resolve(ROOT, 'test-results/story-screens');
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const UPDATE = process.env.UPDATE_SCREENSHOTS === '1';
// The moment every story is drawn at (relative dates, "today" on a calendar).
const FIXED_TIME = new Date('2026-11-20T10:00:00.000Z');
const HEIGHTS: Record<number, number> = { 1280: 800, 390: 844 };
/**
 * pixelmatch's colour threshold (0–1; its default 0.1 let a danger red moved by 7 in green pass)
 * and no anti-aliased pixels counted: a glyph's edge drawn a shade differently is not a change, a
 * colour, a border or a moved word is. The same Chromium draws the same pixels run after run.
 */
const THRESHOLD = 0.01;

/**
 * axe-core again, in a real layout: colour contrast and the rules happy-dom cannot judge (the
 * story test, portal/src/stories.test.tsx, runs the rest). A story is a fragment of a page, so the
 * page-level rules stay off.
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const AXE_OPTIONS = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
  rules: { region: { enabled: false }, 'page-has-heading-one': { enabled: false }, 'landmark-one-main': { enabled: false } },
  resultTypes: ['violations'],
};

/**
 * Violations a story may show, by story id, each with the reason beside it; none today, so any
 * violation fails. (Those the first run found were fixed where they were.)
 */
const KNOWN_VIOLATIONS: Record<string, string[]> = {};

async function axeViolations(page: Page, storyId: string): Promise<string[]> {
  const known = KNOWN_VIOLATIONS[storyId] ?? [];
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(
    async ({ known, ...options }) => {
      const axe = (
        window as unknown as {
          axe: { run(context: unknown, options: unknown): Promise<{ violations: { id: string; help: string; nodes: { target: unknown[] }[] }[] }> };
        }
      ).axe;
      const result = await axe.run(document, options);
      return result.violations
        .filter((v) => !known.includes(v.id))
        .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')})`);
    },
    { ...AXE_OPTIONS, known },
  );
}

const storyFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.stories.tsx'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
    .sort();

const files = [...storyFiles(resolve(ROOT, 'portal/src')), ...storyFiles(resolve(ROOT, 'widgets/src'))];

const browserAvailable = existsSync(CHROMIUM_PATH);
if (!browserAvailable && process.env.REQUIRE_BROWSER === '1') {
  throw new Error(`REQUIRE_BROWSER=1 but ${CHROMIUM_PATH} does not exist (apt-get install -y chromium)`);
}

describe.skipIf(!browserAvailable)('story screenshots', () => {
  let server: ViteDevServer;
  let context: BrowserContext;
  let profile: string;
  const pages = new Map<number, Page>();
  /** What each page logged as an error since its current story was shown. */
  const consoleErrors = new Map<Page, string[]>();
  const watch = (page: Page) => {
    const errors: string[] = [];
    consoleErrors.set(page, errors);
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
  };
  let stories: ScreenStory[] = [];
  const seen = new Set<string>();
  let filesPhotographed = 0;

  beforeAll(async () => {
    server = await createServer({
      configFile: resolve(ROOT, 'portal/vite.config.ts'),
      root: import.meta.dirname,
      cacheDir: resolve(ROOT, 'node_modules/.vite-story-screens'),
      logLevel: 'warn',
      server: { port: 0, strictPort: false, host: '127.0.0.1', hmr: false, watch: null },
    });
    await server.listen();
    const url = server.resolvedUrls?.local[0];
    if (!url) throw new Error('the story server has no address');

    // A fresh profile every run: nothing cached or remembered from another run changes a picture.
    profile = mkdtempSync(join(tmpdir(), 'atrium-story-screens-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [...CHROMIUM_OFFLINE_FLAGS, '--font-render-hinting=none', '--force-color-profile=srgb'],
      viewport: { width: 1280, height: 800 },
      deviceScaleFactor: 1,
      locale: 'en-GB',
      timezoneId: 'Europe/London',
      reducedMotion: 'reduce',
    });
    await context.clock.setFixedTime(FIXED_TIME);
    for (const width of [1280, 390]) {
      const page = pages.size === 0 ? (context.pages()[0] ?? (await context.newPage())) : await context.newPage();
      watch(page);
      await page.setViewportSize({ width, height: HEIGHTS[width] ?? 800 });
      await page.goto(url, { waitUntil: 'load' });
      await page.waitForFunction(() => Array.isArray(window.atriumStories), undefined, { timeout: 120_000 });
      pages.set(width, page);
    }
    stories = await pages.get(1280)!.evaluate(() => window.atriumStories);
    mkdirSync(BASELINES, { recursive: true });
  }, 300_000);

  afterAll(async () => {
    await context?.close();
    await server?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
    if (UPDATE && stories.length && filesPhotographed === files.length) {
      // Baselines of stories that are gone go with them (only after a run of every file: a
      // filtered run, -t Dashboard, knows only its own).
      for (const name of readdirSync(BASELINES)) if (!seen.has(name)) rmSync(join(BASELINES, name));
    }
  });

  it('finds every story file', () => {
    expect(new Set(stories.map((story) => story.file))).toEqual(new Set(files));
  });

  for (const file of files) {
    it(file, async () => {
      filesPhotographed += 1;
      const changed: string[] = [];
      const inaccessible: string[] = [];
      const fileStories = stories.filter((candidate) => candidate.file === file);
      // Each width's page works through the file's stories on its own, side by side with the
      // others': a picture mostly waits on Chromium (a layout, a raster, a PNG), and two pages
      // wait together (four story files: 67 s one page at a time, 36 s side by side).
      const widths = [...new Set(fileStories.flatMap((story) => story.widths))];
      const widthPages = new Map<number, Page>();
      for (const width of widths) widthPages.set(width, pages.get(width) ?? (await pageAt(width)));
      await Promise.all(
        widths.map(async (width) => {
          const page = widthPages.get(width)!;
          const errors = consoleErrors.get(page)!;
          for (const story of fileStories.filter((candidate) => candidate.widths.includes(width))) {
            const name = `${story.id}-${width}.png`;
            seen.add(name);
            errors.length = 0;
            await page.evaluate((id) => window.atriumShow(id), story.id);
            if (errors.length) changed.push(`${story.name} at ${width} px logged: ${errors.join('; ')}`);
            const problem = await photographAndCompare(page, name);
            if (problem) changed.push(`${story.name} at ${width} px: ${problem}`);
            if (width === story.widths[0]) for (const violation of await axeViolations(page, story.id)) inaccessible.push(`${story.name}: ${violation}`);
          }
        }),
      );
      expect.soft(inaccessible.sort(), 'axe violations in Chromium').toEqual([]);
      expect(changed.sort(), `changed pictures (see test-results/story-screens/; UPDATE_SCREENSHOTS=1 accepts them)`).toEqual([]);
    });
  }

  async function pageAt(width: number): Promise<Page> {
    const page = await context.newPage();
    watch(page);
    await page.setViewportSize({ width, height: HEIGHTS[width] ?? 800 });
    await page.goto(server.resolvedUrls!.local[0]!, { waitUntil: 'load' });
    await page.waitForFunction(() => Array.isArray(window.atriumStories));
    pages.set(width, page);
    return page;
  }
});

const screenshot = (page: Page) => page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });

/**
 * The story's picture against its baseline: what differs, or null. A first picture that matches
 * the baseline is the answer, as most are: settling costs at least a second screenshot per story
 * and width, the larger part of this project's time. A first picture that differs may have been
 * taken a frame early, so the page is photographed until it settles and that picture is judged.
 * Updating always settles, so a baseline is never a half-drawn frame.
 */
async function photographAndCompare(page: Page, name: string): Promise<string | null> {
  if (!UPDATE && matchesBaseline(name, await screenshot(page))) return null;
  return compare(name, await settledScreenshot(page));
}

/**
 * A picture of the page once two in a row are the same: text laid out a frame late (a font face
 * or a lazy part arriving on a busy machine) is not photographed half-way.
 */
async function settledScreenshot(page: Page): Promise<Buffer> {
  const take = () => screenshot(page);
  let previous = await take();
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await page.waitForTimeout(100);
    const next = await take();
    if (next.equals(previous)) return next;
    previous = next;
  }
  return previous;
}

/**
 * Pixels that may differ between two runs of one machine with nothing changed: a colour emoji
 * (ChatPanel's 📬) comes from the system's emoji font, whose rasteriser moved 3 pixels between
 * two runs. A real change moves far more (a theme colour moved by 7: 1,577 pixels; a 1 px border
 * shift: a whole edge).
 */
const STRAY_PIXELS = 8;

/** The same bytes as the baseline (Chromium encodes the same pixels alike), or within tolerance. */
function matchesBaseline(name: string, actualBytes: Buffer): boolean {
  const baselinePath = join(BASELINES, name);
  if (!existsSync(baselinePath)) return false;
  const expectedBytes = readFileSync(baselinePath);
  return expectedBytes.equals(actualBytes) || differs(expectedBytes, actualBytes) === null;
}

/** Compares a picture with its baseline (or writes it, when updating); says what differs, or null. */
function compare(name: string, actualBytes: Buffer): string | null {
  const baselinePath = join(BASELINES, name);
  if (UPDATE) {
    if (!existsSync(baselinePath) || differs(readFileSync(baselinePath), actualBytes) !== null) writeFileSync(baselinePath, actualBytes);
    return null;
  }
  if (!existsSync(baselinePath)) {
    save(name, 'actual', actualBytes);
    return `no baseline ${relative(ROOT, baselinePath)}`;
  }
  const expectedBytes = readFileSync(baselinePath);
  const result = differs(expectedBytes, actualBytes);
  if (result === null) return null;
  save(name, 'expected', expectedBytes);
  save(name, 'actual', actualBytes);
  if (result.diff) save(name, 'diff', PNG.sync.write(result.diff));
  return result.message;
}

function differs(expectedBytes: Buffer, actualBytes: Buffer): { message: string; diff?: PNG } | null {
  const expected = PNG.sync.read(expectedBytes);
  const actual = PNG.sync.read(actualBytes);
  if (expected.width !== actual.width || expected.height !== actual.height) {
    return { message: `size ${actual.width}×${actual.height}, baseline ${expected.width}×${expected.height}` };
  }
  const diff = new PNG({ width: actual.width, height: actual.height });
  const count = pixelmatch(expected.data, actual.data, diff.data, actual.width, actual.height, { threshold: THRESHOLD, includeAA: false });
  return count <= STRAY_PIXELS ? null : { message: `${count} pixels differ`, diff };
}

function save(name: string, kind: string, bytes: Buffer) {
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(join(RESULTS, name.replace(/\.png$/, `.${kind}.png`)), bytes);
}
