/**
 * Calls made while a batch is being run, or in the same turn of the event loop, are run together
 * as the next batch: one batch in flight at a time, each as large as the load made it. Under no
 * load a call waits one turn; under load it waits for the batch ahead of it, and shares the cost
 * of its own with every call that arrived meanwhile.
 *
 * `run` answers one outcome per item, in the items' order: a value, or an Error for that item
 * alone. If it throws, every item of the batch fails with what it threw.
 */
export function turnBatcher<I, O>(run: (items: I[]) => Promise<Array<O | Error>>): (item: I) => Promise<O> {
  let pending: Array<{ item: I; resolve(value: O): void; reject(error: unknown): void }> = [];
  let scheduled = false;
  let running = false;

  const flush = async (): Promise<void> => {
    scheduled = false;
    running = true;
    const batch = pending;
    pending = [];
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
      running = false;
      schedule();
    }
  };

  const schedule = () => {
    if (scheduled || running || pending.length === 0) return;
    scheduled = true;
    setImmediate(() => void flush());
  };

  return (item) =>
    new Promise<O>((resolve, reject) => {
      pending.push({ item, resolve, reject });
      schedule();
    });
}
