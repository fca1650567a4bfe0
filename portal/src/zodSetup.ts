/**
 * zod probes `new Function` the first time it compiles an object parser; under our CSP (no
 * 'unsafe-eval') the browser refuses it and reports a securitypolicyviolation, so the portal
 * turns the probe off. zod keeps its configuration on `globalThis.__zod_globalConfig` (shared by
 * every copy of zod on a page) and keeps whatever is there when it loads, so setting it here,
 * before zod is loaded, is the same as `z.config({ jitless: true })` but cannot come too late.
 * It only works first: main.tsx imports this module before anything else, and the build gives it
 * a chunk of its own (vite.config.ts), which the entry imports ahead of the chunks holding zod.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
