import { hostname } from 'node:os';
import type { Logger } from 'pino';
import type { GroupCommit } from '../store-engine/index.js';
import { ServingProcessRepository } from '../store/serving-process-repository.js';

/** How often a serving process says it is alive. */
export const PRESENCE_INTERVAL_MS = 2_000;
/** Silent for this long, a process no longer counts (a kill -9 leaves its row behind). */
export const PRESENCE_STALE_MS = 3 * PRESENCE_INTERVAL_MS;
/** Rows this old are deleted by whichever process beats next. */
const PRESENCE_FORGET_MS = 10 * 60_000;

export interface PresenceOptions {
  readonly id: string;
  /** Processes of this node sharing its port: the count never drops below them. */
  readonly ownProcesses: number;
  /** Told the number of serving processes whenever it changes. */
  readonly onCount: (processes: number) => void;
  readonly intervalMs?: number;
  /** Wall time: a deployment's liveness is not business time, which a test may stop. */
  readonly nowMs?: () => number;
}

/**
 * This process's line in serving_processes, kept fresh, and the live count read back: how each
 * process learns what share of a per-user limit it enforces so that the limit holds for the whole
 * deployment, whatever number of nodes serve it (docs/reliability.md, "Limits across nodes").
 * A beat that fails (the database is down) keeps the last count: a node that cannot reach the
 * database refuses every API call anyway.
 */
export class ServingPresence {
  private readonly startedAtMs: number;
  private readonly intervalMs: number;
  /** A process counts while heard from within this (three beats, however short the interval). */
  private readonly liveMs: number;
  private readonly nowMs: () => number;
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<void> | undefined;
  private count: number;
  private failing = false;

  constructor(
    private readonly writes: GroupCommit,
    private readonly repository: ServingProcessRepository,
    private readonly logger: Logger,
    private readonly options: PresenceOptions,
  ) {
    this.intervalMs = options.intervalMs ?? PRESENCE_INTERVAL_MS;
    this.liveMs = Math.max(PRESENCE_STALE_MS, 3 * this.intervalMs);
    this.nowMs = options.nowMs ?? Date.now;
    this.startedAtMs = this.nowMs();
    this.count = options.ownProcesses;
  }

  /** The processes serving now, as last read (this node's own until the first beat). */
  get processes(): number {
    return this.count;
  }

  /** Beats once at once, then every interval. */
  async start(): Promise<void> {
    await this.beat();
    this.timer = setInterval(() => {
      this.beating ??= this.beat().finally(() => (this.beating = undefined));
    }, this.intervalMs);
    this.timer.unref();
  }

  /** Stops beating and removes this process's row, so the others take up its share at once. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.beating;
    try {
      await this.writes.run((db) => ServingProcessRepository.forget(db, this.options.id));
    } catch (error) {
      this.logger.warn({ err: error }, 'could not remove this process from serving_processes');
    }
  }

  async beat(): Promise<void> {
    const nowMs = this.nowMs();
    const row = { id: this.options.id, host: hostname(), pid: process.pid, started_at_ms: this.startedAtMs };
    try {
      await this.writes.run(async (db) => {
        await ServingProcessRepository.beat(db, row, nowMs);
        await ServingProcessRepository.sweep(db, nowMs - PRESENCE_FORGET_MS);
      });
      const live = await this.repository.liveSince(nowMs - this.liveMs);
      this.failing = false;
      const count = Math.max(this.options.ownProcesses, live);
      if (count !== this.count) {
        this.logger.info(
          { processes: count, was: this.count },
          'serving processes changed; limits shared anew',
        );
        this.count = count;
        this.options.onCount(count);
      }
    } catch (error) {
      if (!this.failing) this.logger.warn({ err: error }, 'presence beat failed; keeping the last count');
      this.failing = true;
    }
  }
}
