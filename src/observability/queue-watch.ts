import type { QueueDepths } from '../store/queue-depths.js';

/** What a scrape shows of the queues: the last figures read, how old they are, and whether the last read answered. */
export interface QueueReading {
  /** Undefined until a read first succeeds. */
  readonly depths: QueueDepths | undefined;
  /** Seconds since `depths` were read (since the watch started, while there are none). */
  readonly ageSeconds: number;
  readonly databaseUp: boolean;
}

export interface QueueWatchOptions {
  readonly intervalMs: number;
  /** A read without an answer by then counts as the database down. */
  readonly timeoutMs: number;
  /** Monotonic milliseconds: the figures' age is real time, whatever the gateway's clock says. */
  readonly nowMs?: () => number;
}

/**
 * Reads the queue depths on a schedule of its own, so a scrape never waits on the database: it
 * shows the last figures with their age and whether the database answered the last read. A read
 * still running at the next tick is not doubled (the probe store bounds it: probe-pool.ts).
 */
export class QueueWatch {
  private readonly nowMs: () => number;
  private readonly startedAtMs: number;
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<void> | undefined;
  private depths: QueueDepths | undefined;
  private readAtMs: number | undefined;
  private up = false;

  constructor(
    private readonly read: () => Promise<QueueDepths>,
    private readonly options: QueueWatchOptions,
  ) {
    this.nowMs = options.nowMs ?? (() => performance.now());
    this.startedAtMs = this.nowMs();
  }

  /**
   * Reads now, then every interval; the timer never keeps the process alive. Resolves once the
   * first read has ended (within the timeout), so the first scrape already has figures.
   */
  start(): Promise<void> {
    if (this.timer !== undefined) return Promise.resolve();
    this.tick();
    this.timer = setInterval(() => this.tick(), this.options.intervalMs);
    this.timer.unref();
    return this.inFlight ?? Promise.resolve();
  }

  /** Stops the schedule; resolves once a read under way has ended (within the timeout). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.inFlight;
  }

  latest(): QueueReading {
    return {
      depths: this.depths,
      ageSeconds: Math.max(0, (this.nowMs() - (this.readAtMs ?? this.startedAtMs)) / 1000),
      databaseUp: this.up,
    };
  }

  private tick(): void {
    if (this.inFlight !== undefined) return;
    this.inFlight = this.readOnce().finally(() => (this.inFlight = undefined));
  }

  private async readOnce(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), this.options.timeoutMs);
    });
    try {
      const depths = await Promise.race([this.read(), limit]);
      if (depths === 'timeout') {
        this.up = false;
        return;
      }
      this.depths = depths;
      this.readAtMs = this.nowMs();
      this.up = true;
    } catch {
      this.up = false;
    } finally {
      clearTimeout(timer);
    }
  }
}
