import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Server suites run on SQLite always and on MariaDB when MYSQL_URL is set.
// REQUIRE_MYSQL=1 (CI) turns a missing MariaDB into a failure instead of a skip.
const mysqlUrl = process.env.MYSQL_URL;
if (process.env.REQUIRE_MYSQL === '1' && !mysqlUrl) {
  throw new Error('REQUIRE_MYSQL=1 but MYSQL_URL is not set: the MariaDB suite cannot run');
}
if (!mysqlUrl) {
  console.warn('[atrium] MYSQL_URL is not set: the MariaDB server suite is skipped (SQLite runs).');
}

// On a two-core CI machine Vitest's default (cores − 1) runs one file at a time, and the server
// suites spend much of it waiting on MariaDB or the disk: two workers keep both cores busy. The
// server suites share one module graph per worker (isolation off): importing the app is most of a
// small file's time, and every piece of state lives in the app a test creates (the outage log is
// its Database's), never in a module. The unit and server projects run first, together; the
// browser journeys run after them (browserJourneys below), so their timings never compete with a
// server suite for the CPU.
const unitWorkers = Math.max(2, availableParallelism() - 1);
// Limits a busy machine does not trip: expect.poll (and Testing Library's findBy…, see
// portal/src/test/setup.ts) wait for a state, and their default second is a race a loaded machine
// loses; a test's default five seconds is one render too few there. A wait that is answered
// returns as soon as it is, so a quiet run takes no longer.
const unitGroup = { maxWorkers: unitWorkers, sequence: { groupOrder: 0 }, testTimeout: 30_000, expect: { poll: { timeout: 10_000 } } };

// Every migration once per run, into the template each file's database is copied from
// (server/src/test/templateDatabase.ts).
const serverGlobalSetup = resolve(import.meta.dirname, 'server/src/test/globalSetup.ts');

const serverProject = (name: string, env: Record<string, string>) => ({
  test: {
    ...unitGroup,
    name,
    root: './server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    isolate: false,
    env,
    globalSetup: [serverGlobalSetup],
    // Sized for a busy machine: a file's set-up on MariaDB creates a schema (a copy of the
    // template; the tests of migrations run every one, over a minute there, a few seconds quiet),
    // and a rate-limit or authorization test sends hundreds of requests. A test that passes is as
    // fast as before.
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});

/**
 * The story screenshots are one long file: it starts first in its group, so the unit and server
 * files share the other worker around it instead of it running alone at the end (without timings
 * from an earlier run, as in CI, vitest orders files by size, and it is among the smaller).
 */
class ScreenshotsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const screens = (file: TestSpecification) => file.project.name === 'stories-screens';
    return [...sorted.filter(screens), ...sorted.filter((file) => !screens(file))];
  }
}

/**
 * The browser journeys run after the unit group, two files at a time: a journey mostly waits on
 * Chromium, its server and its own steps (one at a time kept a quiet two-core machine about half
 * idle), and each file has its own server, database and browser. Three judge a time (an answer
 * within 3 s while MariaDB is down, the chat's one-second reply, an upload resumed rather than
 * begun again on a throttled line): they run last, alone, so no neighbour decides them.
 *
 * A browser test's limit is its steps': each step (a click, a wait, a navigation) has
 * STEP_TIMEOUT_MS (e2e/support/failureReport.ts) and fails naming what it waited for, so a
 * journey's limit grows with its length. The test limit only stops a test that hangs outside the
 * browser; the hook limit covers a suite's set-up (a server, a seeded catalogue).
 */
const TIMED_JOURNEYS = ['e2e/databaseFaults.e2e.test.ts', 'e2e/widgets.e2e.test.ts', 'e2e/uploadStates.e2e.test.ts'];
const journeys = (name: string, include: string[], exclude: string[], maxWorkers: number, groupOrder: number) => ({
  test: {
    name,
    root: '.',
    include,
    exclude: [...configDefaults.exclude, ...exclude],
    environment: 'node',
    testTimeout: 600_000,
    hookTimeout: 300_000,
    expect: { poll: { timeout: 30_000 } },
    maxWorkers,
    sequence: { groupOrder },
    // The apps' SQLite files are copies of one migrated template (e2e/support/appServer.ts).
    globalSetup: [serverGlobalSetup],
    // As the server projects: a worker's journeys share one module graph (the server,
    // Playwright), imported once instead of once a file; each file starts its own app and
    // browser. The checks every test gets (CSP, the failure report) are registered per file here.
    isolate: false,
    setupFiles: ['./e2e/support/setup.ts'],
  },
});
const browserJourneys = [journeys('e2e', ['e2e/**/*.e2e.test.ts'], TIMED_JOURNEYS, unitWorkers, 1), journeys('e2e-timed', TIMED_JOURNEYS, [], 1, 2)];

export default defineConfig({
  test: {
    sequence: { sequencer: ScreenshotsFirst },
    projects: [
      { test: { ...unitGroup, name: 'common', root: './common', include: ['src/**/*.test.ts'], environment: 'node' } },
      serverProject('server-sqlite', { TEST_DB: 'sqlite' }),
      ...(mysqlUrl ? [serverProject('server-mysql', { TEST_DB: 'mysql', MYSQL_URL: mysqlUrl })] : []),
      // The bench's own rules (its CPU guard reading bench/README.md), not the bench itself.
      { test: { ...unitGroup, name: 'bench', root: './bench', include: ['*.test.ts'], environment: 'node' } },
      { test: { ...unitGroup, name: 'widgets', root: './widgets', include: ['src/**/*.test.{ts,tsx}'], environment: 'happy-dom' } },
      {
        test: {
          ...unitGroup,
          name: 'portal',
          root: './portal',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['./src/test/setup.ts'],
        },
      },
      // Every story photographed in Chromium and compared with its committed baseline
      // (storybook/screens/screens.test.ts; UPDATE_SCREENSHOTS=1 writes them). One long file, in the
      // unit group and started first (ScreenshotsFirst): it takes one of the two workers while the
      // unit and server files share the other. Nothing in it judges a time: a picture that differs
      // is photographed again until it settles.
      {
        test: {
          name: 'stories-screens',
          root: '.',
          include: ['storybook/screens/*.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 300_000,
          maxWorkers: unitWorkers,
          sequence: { groupOrder: 0 },
        },
      },
      ...browserJourneys,
    ],
  },
});
