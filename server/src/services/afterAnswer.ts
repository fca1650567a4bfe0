import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Logger } from 'pino';

/**
 * Work a request starts and does not wait for, so that how long its answer takes says nothing
 * about what the work found: a reset link is mailed only to an address with an account, and
 * rendering and queueing that mail before answering told a stopwatch which addresses have one.
 * The work begins on a later turn of the event loop, after the answer is on its way; a failure is
 * logged (the person can simply ask again). `settled()` waits for what is in flight: the app's
 * close, and tests that read what the work wrote.
 */
export class AfterAnswer {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly logger: Logger) {}

  run(label: string, work: () => Promise<unknown>): void {
    const task: Promise<void> = nextTurn()
      .then(work)
      .then(
        () => undefined,
        (error: unknown) => this.logger.error({ err: error }, `${label} failed`),
      )
      .finally(() => this.inFlight.delete(task));
    this.inFlight.add(task);
  }

  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }
}
