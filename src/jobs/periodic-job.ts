import type { Logger } from 'pino';

/** One unit of background work; returns how many items it handled so a full batch runs again at once. */
export interface PeriodicJob {
  readonly name: string;
  readonly batchSize: number;
  runOnce(): Promise<number>;
}

/**
 * Runs each job every `intervalMs`, draining full batches back to back. Jobs are safe on many
 * nodes because every change they make is a guarded update (see each job).
 */
export class JobRunner {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly jobs: readonly PeriodicJob[],
    private readonly intervalMs: number,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    await this.running;
  }

  /** Runs every job until its batch is not full; used by the timer and by tests. */
  async runAll(): Promise<void> {
    for (const job of this.jobs) {
      try {
        while (!this.stopped && (await job.runOnce()) >= job.batchSize);
      } catch (error) {
        this.logger.error({ err: error, job: job.name }, 'job failed; it runs again at the next interval');
      }
    }
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.runAll().finally(() => this.schedule());
    }, this.intervalMs);
    this.timer.unref();
  }
}
