// How the server's Node process is started, shared by `npm start` (scripts/start.mjs) and the
// bench (bench/processes.ts), so the bench measures the server as it runs in production.

/**
 * V8 flags for the server.
 *
 * --no-allocation-site-pretenuring: V8 may decide, from what survives one young-generation
 * collection, that objects made at some allocation site live long, and allocate them straight
 * into the old generation from then on. Under load, per-request objects caught alive mid-request
 * sometimes made it decide that: in 7 of 23 runs of the bench's MariaDB dashboard, the old
 * generation filled with short-lived objects, a full mark-compact ran every ~200 ms (48–69 in
 * 12 s, against 6–17), and the server spent 77–100 µs of CPU per answer at p99 13–15 ms instead
 * of 58–73 µs at p99 5–6 ms. With the flag, none of 14 runs did (bench/README.md, "Fourth round").
 */
export const SERVER_V8_FLAGS = ['--no-allocation-site-pretenuring'];

/** The arguments to `node` that run the server's entry point (TypeScript, through tsx), or another entry under the same flags. */
export function serverNodeArgs(entry = 'server/src/index.ts') {
  return [...SERVER_V8_FLAGS, '--import', 'tsx', entry];
}

/**
 * The server's environment: `env` plus a cap on glibc's malloc arenas. argon2 hashes on libuv's
 * worker threads; glibc gives each thread its own arena and keeps their freed pages, so without
 * a cap the server's RSS grows by ~64 MB per arena it ever touched.
 * @param {NodeJS.ProcessEnv} env
 * @returns {NodeJS.ProcessEnv}
 */
export function serverEnv(env) {
  return { ...env, MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX || '2' };
}
