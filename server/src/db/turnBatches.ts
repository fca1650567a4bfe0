/**
 * Calls made while a batch is being run, or in the same turn of the event loop, are run together
 * as the next batch: one batch in flight at a time, each as large as the load made it. Under no
 * load a call waits one turn; under load it waits for the batch ahead of it, and shares the cost
 * of its own with every call that arrived meanwhile.
 *
 * A batch that has run for `aloneForMs` (a statement waiting on a lock, a connection gone quiet)
 * stops holding the others back: the next batch starts alongside it, and the slow one is still
 * answered when it settles.
 *
 * `run` answers one outcome per item, in the items' order: a value, or an Error for that item
 * alone. If it throws, every item of the batch fails with what it threw.
 */
export function turnBatcher<I, O>(run: (items: I[]) => Promise<Array<O | Error>>, options: { aloneForMs?: number } = {}): (item: I) => Promise<O> {
  const aloneForMs = options.aloneForMs ?? 1_000;
  let pending: Array<{ item: I; resolve(value: O): void; reject(error: unknown): void }> = [];
  let scheduled = false;
  /** The batch the next one waits for, if any. */
  let inFlight: object | null = null;

  const flush = async (): Promise<void> => {
    scheduled = false;
    const batch = pending;
    pending = [];
    const token = {};
    inFlight = token;
    const release = () => {
      if (inFlight !== token) return;
      inFlight = null;
      schedule();
    };
    const timer = setTimeout(release, aloneForMs);
    timer.unref();
    try {
      const outcomes = await run(batch.map((call) => call.item));
      if (outcomes.length !== batch.length) throw new Error(`a batch of ${batch.length} calls answered ${outcomes.length} outcomes`);
      batch.forEach((call, index) => {
        const outcome = outcomes[index];
        if (outcome instanceof Error) call.reject(outcome);
        else call.resolve(outcome as O);
      });
    } catch (error) {
      for (const call of batch) call.reject(error);
    } finally {
      clearTimeout(timer);
      release();
    }
  };

  const schedule = () => {
    if (scheduled || inFlight || pending.length === 0) return;
    scheduled = true;
    setImmediate(() => void flush());
  };

  return (item) =>
    new Promise<O>((resolve, reject) => {
      pending.push({ item, resolve, reject });
      schedule();
    });
}

/** What was thrown, as an Error: an outcome the batcher tells from a value. */
export const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));
