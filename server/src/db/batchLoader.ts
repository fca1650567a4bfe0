import DataLoader from 'dataloader';

/**
 * A DataLoader whose batches wait for the one before them: calls made while a batch is being
 * run, or in the same turn of the event loop, are run together as the next batch. Under no load
 * a call waits one turn; under load it waits for the batch ahead of it, and shares the cost of
 * its own with every call that arrived meanwhile. (DataLoader's default dispatches a batch per
 * tick whatever is in flight, which under load sends many small statements instead of few large
 * ones: the cost a batch exists to share.)
 *
 * A batch that has run for `aloneForMs` (a statement waiting on a lock, a connection gone quiet)
 * stops holding the others back: the next batch starts alongside it, and the slow one is still
 * answered when it settles.
 *
 * `run` answers one outcome per item, in the items' order: a value, or an Error for that item
 * alone. If it throws, every item of the batch fails with what it threw. Nothing is cached: every
 * call is run (the loaders live as long as the app, and the rows change).
 */
export function batchLoader<I, O>(run: (items: readonly I[]) => Promise<ReadonlyArray<O | Error>>, options: { aloneForMs?: number } = {}): DataLoader<I, O> {
  const aloneForMs = options.aloneForMs ?? 1_000;
  /** The batch the next one waits for, if any, and that next batch's dispatch. */
  let inFlight: object | null = null;
  let waiting: (() => void) | null = null;

  const release = (token: object) => {
    if (inFlight !== token) return;
    inFlight = null;
    const dispatch = waiting;
    waiting = null;
    if (dispatch) setImmediate(dispatch);
  };

  return new DataLoader<I, O>(
    async (items) => {
      const token = {};
      inFlight = token;
      const timer = setTimeout(() => release(token), aloneForMs);
      timer.unref();
      try {
        return await run(items);
      } finally {
        clearTimeout(timer);
        release(token);
      }
    },
    {
      cache: false,
      // DataLoader asks once per new batch, and adds calls to that batch until `dispatch` runs.
      batchScheduleFn: (dispatch) => {
        if (inFlight) waiting = dispatch;
        else setImmediate(dispatch);
      },
    },
  );
}

/** What was thrown, as an Error: an outcome the loader tells from a value. */
export const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));
