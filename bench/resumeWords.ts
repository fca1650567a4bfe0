/**
 * Where a learner resumes a module, for the progress scenarios (issue 54): each (learner, module)
 * pair resumes at a bucket spread over the module, with its current word of played buckets stored
 * as the earlier viewing left it (the buckets before the resume point). A report then ORs new bits
 * into a stored word, and stores a new word when it crosses into the next 320 s: about one report
 * in eleven (3 buckets a report, 32 a word), as in real viewing. A bench that deleted every word
 * before a run made half of its reports start a word, since a run reaches each pair about twice.
 */

/** A player's played buckets are stored 32 to a word (server/src/db/playedBuckets.ts). */
export const WORD_BITS = 32;

/** The 10-second buckets of a module of `duration` seconds. */
export const bucketCount = (duration: number): number => Math.max(1, Math.ceil(duration / 10));

/** Deterministic, spread over the module: the same pairs resume at the same points every run. */
export const resumeBucket = (userId: number, moduleId: number, duration: number): number => (userId * 7919 + moduleId * 104_729) % bucketCount(duration);

/** The three buckets a player reports for the `sent`-th report (1, 2, …) after resuming at `resume`. */
export function reportedBuckets(resume: number, sent: number, duration: number): number[] {
  const buckets = bucketCount(duration);
  const first = (resume + (sent - 1) * 3) % buckets;
  return [first, first + 1, first + 2].filter((bucket) => bucket < buckets);
}

/** The stored words (progress_buckets rows) of pairs resuming where resumeBucket says. */
export function resumeWords(
  pairs: Iterable<{ userId: number; moduleId: number; duration: number }>,
): Array<{ userId: number; moduleId: number; word: number; bits: number }> {
  const words: Array<{ userId: number; moduleId: number; word: number; bits: number }> = [];
  for (const { userId, moduleId, duration } of pairs) {
    const resume = resumeBucket(userId, moduleId, duration);
    const bit = resume % WORD_BITS;
    if (bit > 0) words.push({ userId, moduleId, word: Math.floor(resume / WORD_BITS), bits: (2 ** bit - 1) >>> 0 });
  }
  return words;
}
