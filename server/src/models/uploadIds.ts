/** Resumable upload ids the server hands out: 128 random bits, naming nothing else (the `uploads` row says whose it is). */
export const UPLOAD_ID_PATTERN = /^[0-9a-f]{32}$/;

/**
 * The names staged uploads may have: today's ids, and those staged before migration 037, which
 * began with `u<creator's id>-`. Only the cleanup reads the older ones: no row names them, so
 * they are nobody's and their bytes are removed.
 */
export const STAGED_ID_PATTERN = /^(?:u[1-9]\d{0,15}-)?[0-9a-f]{32}$/;
