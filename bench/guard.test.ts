import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { committedCpu, confirmedGuard, GUARD_HEADING, guardCpu } from './guard.ts';
import { reportedBuckets, resumeBucket, resumeWords, WORD_BITS } from './resumeWords.ts';

const readme = (table: string) => {
  const file = join(mkdtempSync(join(tmpdir(), 'guard-')), 'README.md');
  writeFileSync(file, `# Bench\n\n${GUARD_HEADING}\n\nWhy.\n\n${table}\n\n## Next\n\n| mariadb | 1 | \`x\` | 1 | 1 | 1 | 1 | not this section |\n`);
  return file;
};

describe('the CPU guard', () => {
  it('reads the committed figures of bench/README.md, every row of its table', () => {
    const figures = committedCpu();
    expect(figures.length).toBeGreaterThanOrEqual(6);
    for (const dialect of ['sqlite', 'mariadb'])
      for (const scenario of ['GET /api/dashboard', 'POST /api/progress', 'POST /api/progress, completing'])
        expect(figures.find((figure) => figure.dialect === dialect && figure.scale === 1 && figure.scenario === scenario)).toBeDefined();
  });

  const file = readme(
    [
      '| dialect | scale | scenario | server µs | database µs | ceiling µs | database ceiling µs | when |',
      '|---|---|---|---|---|---|---|---|',
      '| mariadb | 1 | `POST /api/progress` | 300 | 200 | 50 | 20 | today |',
      '| sqlite | 1 | `POST /api/progress` | 400 | — | — | — | no ceiling recorded |',
      '| mariadb | 1 | `GET /api/courses` | 100 | 40 | 50 | — | no database yardstick recorded |',
    ].join('\n'),
  );
  const figures = committedCpu(file);

  it('takes only its own section', () => {
    expect(figures).toEqual([
      { dialect: 'mariadb', scale: 1, scenario: 'POST /api/progress', serverUs: 300, databaseUs: 200, ceilingUs: 50, databaseCeilingUs: 20 },
      { dialect: 'sqlite', scale: 1, scenario: 'POST /api/progress', serverUs: 400, databaseUs: null, ceilingUs: null, databaseCeilingUs: null },
      { dialect: 'mariadb', scale: 1, scenario: 'GET /api/courses', serverUs: 100, databaseUs: 40, ceilingUs: 50, databaseCeilingUs: null },
    ]);
  });

  const cpu = (serverUs: number, databaseUs: number | null) => ({ serverUs, databaseUs, connectionsUs: databaseUs, loadGeneratorUs: 100 });

  const same = { ceilingUs: 50, databaseCeilingUs: 20 };

  it('holds within 15 % and fails beyond, on the server or the database', () => {
    expect(guardCpu(figures, 'mariadb', 1, 'POST /api/progress', cpu(340, 220), same)!.holds).toBe(true);
    expect(guardCpu(figures, 'mariadb', 1, 'POST /api/progress', cpu(350, 200), same)).toMatchObject({
      holds: false,
      note: expect.stringMatching(/FAILS.*server 350 µs vs 300 committed \(\+17 %\)/),
    });
    expect(guardCpu(figures, 'mariadb', 1, 'POST /api/progress', cpu(300, 240), same)!.holds).toBe(false);
  });

  it("compares in the committed run's units: a host twice as slow costs twice the µs for the same work", () => {
    const slowHost = guardCpu(figures, 'mariadb', 1, 'POST /api/progress', cpu(600, 400), { ceilingUs: 100, databaseCeilingUs: 40 })!;
    expect(slowHost.holds).toBe(true);
    expect(slowHost.note).toContain("server 600 µs (300 in the committed run's units) vs 300 committed (+0 %)");
    expect(slowHost.note).toContain("database 400 µs (200 in the committed run's units) vs 200 committed (+0 %)");
    // Slower work on a quicker host is still caught.
    expect(guardCpu(figures, 'mariadb', 1, 'POST /api/progress', cpu(300, 200), { ceilingUs: 25, databaseCeilingUs: 20 })!.holds).toBe(false);
  });

  it("scales the database's figure by its own yardstick, not by Node's ceiling", () => {
    // Node twice as quick today, mariadbd as quick as in the committed run: its 200 µs is +0 %, not +100 %.
    const quickNode = guardCpu(figures, 'mariadb', 1, 'POST /api/progress', cpu(150, 200), { ceilingUs: 25, databaseCeilingUs: 20 })!;
    expect(quickNode.holds).toBe(true);
    expect(quickNode.note).toContain('database 200 µs vs 200 committed (+0 %)');
    // mariadbd half as quick: twice the µs for the same work holds; 15 % more work beyond that fails.
    expect(guardCpu(figures, 'mariadb', 1, 'POST /api/progress', cpu(300, 400), { ceilingUs: 50, databaseCeilingUs: 40 })!.holds).toBe(true);
    expect(guardCpu(figures, 'mariadb', 1, 'POST /api/progress', cpu(300, 470), { ceilingUs: 50, databaseCeilingUs: 40 })!.holds).toBe(false);
    // A figure committed without the database's yardstick is compared as it stands.
    expect(guardCpu(figures, 'mariadb', 1, 'GET /api/courses', cpu(100, 47), { ceilingUs: 25, databaseCeilingUs: 40 })!.holds).toBe(false);
    expect(guardCpu(figures, 'mariadb', 1, 'GET /api/courses', cpu(50, 45), { ceilingUs: 25, databaseCeilingUs: 40 })!.holds).toBe(true);
  });

  it('compares as it stands when no ceiling was recorded, and says nothing for another scale or scenario', () => {
    const run = { ceilingUs: 100, databaseCeilingUs: null };
    expect(guardCpu(figures, 'sqlite', 1, 'POST /api/progress', cpu(470, null), run)!.holds).toBe(false);
    expect(guardCpu(figures, 'sqlite', 1, 'POST /api/progress', cpu(450, null), run)!.holds).toBe(true);
    expect(guardCpu(figures, 'sqlite', 0.05, 'POST /api/progress', cpu(9999, null), run)).toBeNull();
    expect(guardCpu(figures, 'mariadb', 1, 'GET /api/dashboard', cpu(9999, 9999), same)).toBeNull();
  });
});

describe("the guard's second measure", () => {
  const holds = { holds: true, note: 'CPU guard holds: server 300 µs vs 300 committed (+0 %)' };
  const fails = { holds: false, note: 'CPU guard FAILS (> +15 %): server 400 µs vs 300 committed (+33 %)' };
  const failsAgain = { holds: false, note: 'CPU guard FAILS (> +15 %): server 390 µs vs 300 committed (+30 %)' };

  it('is not taken for a row that holds', () => {
    expect(confirmedGuard(holds, null)).toBe(holds);
  });

  it('fails the row only when the second measure fails too, and shows both', () => {
    expect(confirmedGuard(fails, failsAgain)).toEqual({
      holds: false,
      note: 'CPU guard FAILS (> +15 %) twice: server 400 µs vs 300 committed (+33 %); again: server 390 µs vs 300 committed (+30 %)',
    });
    expect(confirmedGuard(fails, holds)).toEqual({
      holds: true,
      note: 'CPU guard holds on a second measure: server 300 µs vs 300 committed (+0 %) (the first read server 400 µs vs 300 committed (+33 %))',
    });
  });

  it('keeps the first verdict when the row could not be measured again', () => {
    expect(confirmedGuard(fails, null)).toBe(fails);
  });
});

describe('where learners resume', () => {
  it('stores the buckets before the resume point in its word, and reports continue from it', () => {
    const duration = 1800; // 180 buckets
    const resume = resumeBucket(17, 5, duration);
    expect(resume).toBeGreaterThanOrEqual(0);
    expect(resume).toBeLessThan(180);
    const [word] = resumeWords([{ userId: 17, moduleId: 5, duration }]);
    if (resume % WORD_BITS === 0) expect(word).toBeUndefined();
    else expect(word).toEqual({ userId: 17, moduleId: 5, word: Math.floor(resume / WORD_BITS), bits: 2 ** (resume % WORD_BITS) - 1 });
    expect(reportedBuckets(resume, 1, duration)[0]).toBe(resume);
    expect(reportedBuckets(resume, 2, duration)[0]).toBe((resume + 3) % 180);
  });

  it('starts a new word in about one report of eleven, as a player reporting 30 s at a time does', () => {
    let crossings = 0;
    let reports = 0;
    for (let user = 1; user <= 400; user += 1)
      for (let sent = 1; sent <= 2; sent += 1) {
        const resume = resumeBucket(user, 3, 3600);
        const buckets = reportedBuckets(resume, sent, 3600);
        const words = new Set(buckets.map((bucket) => Math.floor(bucket / WORD_BITS)));
        const stored = Math.floor((resume + (sent - 1) * 3 - 1) / WORD_BITS);
        reports += 1;
        if ([...words].some((word) => word !== stored && word > stored)) crossings += 1;
      }
    expect(crossings / reports).toBeGreaterThan(0.03);
    expect(crossings / reports).toBeLessThan(0.2);
  });

  it('keeps a report inside the module', () => {
    expect(reportedBuckets(0, 1, 25)).toEqual([0, 1, 2]);
    expect(reportedBuckets(2, 1, 25)).toEqual([2]);
  });
});
