import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../context.ts';
import { isDatabaseUnavailable } from '../db/availability.ts';
import { backoffMs } from '../services/backoff.ts';

/**
 * Jobs that run inside the server: every instance runs a Scheduler, and the `schedulerJobs`
 * row of a job is its lease, so one instance at a time runs it. The lease is taken by a
 * conditional UPDATE (due, and no live lease) that only one instance can win, renewed while the
 * job runs, and taken over when it lapses (an instance killed mid-run). A job must be safe to
 * run again after a partial run: the reminder jobs are, because the unique key on the
 * reminders already sent is written in the same transaction as their mail.
 */
export interface ScheduledJob {
  name: string;
  /** How long after a successful run the job is due again. */
  intervalMs: number;
  run(context: JobContext): Promise<{ sent: number }>;
}

export interface JobContext {
  deps: AppDeps;
  /** The clock's "now" at the start of the run (one date for the whole run). */
  now: number;
  /** Extends the lease; throws when another instance has taken the job over, ending this run. */
  renewLease(): Promise<void>;
}

export const LEASE_MS = 5 * 60_000;

export class LeaseLostError extends Error {}

/** What an admin's "Run now" got: the job ran here, or why it did not. */
export type RunNowOutcome =
  { outcome: 'ran'; sent: number } | { outcome: 'failed'; error: string } | { outcome: 'unknown' } | { outcome: 'leased'; leaseUntil: number };

export class Scheduler {
  readonly owner = randomBytes(8).toString('hex');
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly deps: AppDeps,
    readonly jobs: ScheduledJob[],
  ) {}

  /** Looks for due work every SCHEDULER_INTERVAL_S, and once now. */
  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => void this.tick(), this.deps.config.schedulerIntervalS * 1000);
    this.timer.unref();
    void this.tick();
  }

  /** Stops looking for work and waits for a run in progress to end. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
  }

  /** Runs every job that is due and not leased elsewhere; a tick during a tick waits for it. */
  tick(): Promise<void> {
    if (this.ticking) return this.ticking;
    this.ticking = this.runDue()
      .catch((error: unknown) => {
        if (isDatabaseUnavailable(error)) this.deps.database.outages.noteOutage(this.deps.logger, error, 'scheduler');
        else this.deps.logger.error({ err: error }, 'scheduler tick failed');
      })
      .finally(() => {
        this.ticking = null;
      });
    return this.ticking;
  }

  /**
   * Runs one job at once, whether due or not, under the same lease as a scheduled run: when
   * another instance (or this one's timer) holds a live lease, nothing runs and the lease's end
   * is answered. A run here sets the next scheduled run as any successful run does.
   */
  async runNow(name: string): Promise<RunNowOutcome> {
    const job = this.jobs.find((candidate) => candidate.name === name);
    if (!job) return { outcome: 'unknown' };
    const now = this.deps.clock.now().getTime();
    await this.ensureRows(now);
    if (!(await this.claim(job, now, { dueOnly: false }))) {
      const row = await this.deps.db('schedulerJobs').where({ name }).first('leaseUntil');
      return { outcome: 'leased', leaseUntil: Number(row?.leaseUntil ?? now) };
    }
    const result = await this.runClaimed(job, now);
    this.deps.mailer.kick();
    return result;
  }

  private async ensureRows(now: number): Promise<void> {
    await this.deps
      .db('schedulerJobs')
      .insert(this.jobs.map((job) => ({ name: job.name, nextRunAt: now, failures: 0, totalFailures: 0, lastSent: 0 })))
      .onConflict('name')
      .ignore();
  }

  private async runDue(): Promise<void> {
    const now = this.deps.clock.now().getTime();
    await this.ensureRows(now);
    for (const job of this.jobs) {
      if (this.stopped) return;
      if (await this.claim(job, now, { dueOnly: true })) await this.runClaimed(job, now);
    }
    this.deps.mailer.kick();
  }

  private async claim(job: ScheduledJob, now: number, { dueOnly }: { dueOnly: boolean }): Promise<boolean> {
    const claimed = await this.deps
      .db('schedulerJobs')
      .where({ name: job.name })
      .modify((query) => {
        if (dueOnly) void query.where('nextRunAt', '<=', now);
      })
      .where((w) => w.whereNull('leaseUntil').orWhere('leaseUntil', '<', now))
      .update({ leaseUntil: now + LEASE_MS, leaseOwner: this.owner, lastStartedAt: now });
    return claimed === 1;
  }

  private async runClaimed(job: ScheduledJob, now: number): Promise<Exclude<RunNowOutcome, { outcome: 'unknown' }>> {
    const { db, logger, clock } = this.deps;
    const mine = () => db('schedulerJobs').where({ name: job.name, leaseOwner: this.owner });
    const renewLease = async () => {
      const renewed = await mine().update({ leaseUntil: clock.now().getTime() + LEASE_MS });
      if (renewed !== 1) throw new LeaseLostError(`${job.name}: the lease was taken over by another instance`);
    };
    try {
      const { sent } = await job.run({ deps: this.deps, now, renewLease });
      const finished = clock.now().getTime();
      await mine().update({
        leaseUntil: null,
        leaseOwner: null,
        lastFinishedAt: finished,
        lastSuccessAt: finished,
        failures: 0,
        lastError: null,
        lastSent: sent,
        nextRunAt: now + job.intervalMs,
      });
      if (sent) logger.info({ job: job.name, sent }, 'scheduled job queued mail');
      return { outcome: 'ran', sent };
    } catch (error) {
      if (error instanceof LeaseLostError) {
        logger.warn({ job: job.name }, error.message);
        return { outcome: 'leased', leaseUntil: clock.now().getTime() + LEASE_MS };
      }
      logger.error({ err: error, job: job.name }, 'scheduled job failed');
      const finished = clock.now().getTime();
      const row = await mine().first('failures');
      const failures = Number(row?.failures ?? 0) + 1;
      await mine()
        .update({
          leaseUntil: null,
          leaseOwner: null,
          lastFinishedAt: finished,
          failures,
          totalFailures: db.raw('?? + 1', ['totalFailures']),
          lastError: String((error as Error).message ?? error).slice(0, 1000),
          nextRunAt: finished + backoffMs(failures),
        })
        .catch((recordError: unknown) => logger.error({ err: recordError, job: job.name }, 'could not record the job failure'));
      return { outcome: 'failed', error: String((error as Error).message ?? error).slice(0, 1000) };
    }
  }
}
