// How the server's Node process is started, shared by `npm start` (scripts/start.mjs) and the
// bench (bench/processes.ts), so the bench measures the server as it runs in production.

/**
 * V8 flags for the server.
 *
 * --no-allocation-site-pretenuring: V8 may decide, from what survives one young-generation
 * collection, that objects made at some allocation site live long, and allocate them straight
 * into the old generation from then on. Under load, per-request objects caught alive mid-request
 * sometimes made it decide that, depending on timing: the old generation then filled with
 * short-lived objects, full mark-compacts ran several times a second, and CPU per answer and
 * p99 latency rose for the rest of the process's life. With the flag no run fell into that
 * mode (docs/performance-log.md, "Fourth round").
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
