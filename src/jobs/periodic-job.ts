import type { Logger } from 'pino';

/** One unit of background work; returns how many items it handled so a full batch runs again soon. */
export interface PeriodicJob {
  readonly name: string;
  readonly batchSize: number;
  runOnce(): Promise<number>;
}

/**
 * Full batches one run of a job takes back to back before it waits for its next interval: a job
 * with more due work than that (an acquirer outage leaving hundreds of steps) never holds the
 * process, and the other jobs, which run on schedules of their own, are never behind it.
 */
export const JOB_BATCHES_PER_RUN_MAX = 10;

/**
 * Runs each job on its own schedule, every `intervalMs`: a slow or busy job (recovery waiting on
 * an acquirer that does not answer) never delays another (callback delivery). A run drains full
 * batches, yielding to the event loop between them, up to JOB_BATCHES_PER_RUN_MAX. A job that
 * throws is logged and runs again at its next interval. Jobs are safe on many nodes because every
 * change they make is a guarded update or a lease (see each job).
 */
export class JobRunner {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Map<string, Promise<void>>();
  private stopped = false;

  constructor(
    private readonly jobs: readonly PeriodicJob[],
    private readonly intervalMs: number,
    private readonly logger: Logger,
  ) {}

  start(): void {
    for (const job of this.jobs) this.schedule(job);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    await Promise.all(this.running.values());
  }

  /** Runs every job once, one after the other (each draining its full batches); used by tests. */
  async runAll(): Promise<void> {
    for (const job of this.jobs) await this.runJob(job);
  }

  /** Runs the named job once; used by tests that watch one job while another is busy. */
  async run(name: string): Promise<void> {
    const job = this.jobs.find((candidate) => candidate.name === name);
    if (job === undefined) throw new Error(`no job named ${name}`);
    await this.runJob(job);
  }

  private async runJob(job: PeriodicJob): Promise<void> {
    try {
      for (let batch = 0; batch < JOB_BATCHES_PER_RUN_MAX && !this.stopped; batch += 1) {
        if ((await job.runOnce()) < job.batchSize) return;
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    } catch (error) {
      this.logger.error({ err: error, job: job.name }, 'job failed; it runs again at the next interval');
    }
  }

  private schedule(job: PeriodicJob): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      const run = this.runJob(job).finally(() => {
        this.running.delete(job.name);
        this.schedule(job);
      });
      this.running.set(job.name, run);
    }, this.intervalMs);
    timer.unref();
    this.timers.set(job.name, timer);
  }
}
