/**
 * The limit of a test whose work is large for a unit test: one that types whole forms with
 * user-event (every keystroke is a render) or loads lazy routes. Such a test takes 3–10 s on a
 * quiet 2-core machine and three times that beside three CPU burners (docs/development.md, "On a
 * busy machine"), so it gets room for that work; the project's default (30 s, vitest.config.ts)
 * stays for the rest. A test that finishes sooner returns sooner: only a stuck one waits this long.
 */
export const LONG_TEST_MS = 120_000;
