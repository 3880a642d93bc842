import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Operation } from '../api/operation.js';
import type { Config } from '../config/config.js';
import type { Clock } from '../domain/clock.js';
import type { RandomSource } from '../domain/random-source.js';
import type { JobRunner } from '../jobs/periodic-job.js';
import type { GatehouseMetrics } from '../observability/metrics.js';
import type { AcquirerPort } from '../processing/acquirer/acquirer-port.js';
import type { ConsoleServices } from '../services/console/console-module.js';
import type { MerchantAdmin } from '../services/merchant-admin.js';
import type { StepScheduler } from '../services/money-steps/money-step-engine.js';
import type { ServingPresence } from '../services/serving-presence.js';
import type { SandboxClockAdvance } from '../jobs/sandbox-clock-advance.js';
import type { SandboxClocks } from '../services/sandbox-clock/sandbox-clocks.js';
import type { Store } from '../store-engine/index.js';
import type { WriteLock } from '../store-engine/index.js';

/** The sandbox merchants' test clocks (src/modules/sandbox-clock-module.ts builds them). */
export interface SandboxClockModule {
  readonly clocks: SandboxClocks;
  readonly advance: SandboxClockAdvance;
  /**
   * Reads the stored clocks now, then at every job interval (GATEHOUSE_JOB_INTERVAL_MS, 5 s by
   * default) until stopped: a clock moved on another node dates this one's work within that.
   */
  start(): Promise<void>;
  stop(): void;
}

export interface GatehouseOptions {
  readonly clock?: Clock;
  readonly random?: RandomSource;
  readonly logger?: Logger;
  /** Apply migrations at start (default true); cluster workers leave it to the primary. */
  readonly migrate?: boolean;
  /** Run the background jobs in this process (default true). */
  readonly runJobs?: boolean;
  /**
   * Serve GET /metrics on GATEHOUSE_METRICS_PORT from this process (default true); cluster workers
   * leave it to the primary, which aggregates theirs.
   */
  readonly serveMetrics?: boolean;
  /**
   * Processes of this node sharing its port. Every serving process of every node enforces its
   * share of each per-user limit; the count of them comes from serving_processes (ServingPresence)
   * and never drops below this node's own.
   */
  readonly limitShareCount?: number;
  /** How often this process says it serves (default PRESENCE_INTERVAL_MS); tests make it shorter. */
  readonly presenceIntervalMs?: number;
  /** Serializes commits across processes sharing one SQLite file (cluster workers). */
  readonly writeLock?: WriteLock;
  /**
   * Operations served beside the spec's table, through the same request pipeline (authentication,
   * limits, signatures, parameter tables, envelopes): how a test drives the pipeline's JSON path.
   */
  readonly extraOperations?: readonly Operation[];
  /**
   * Wraps the sandbox acquirer before the timeout guard: how a test holds an answer back, makes
   * one arrive late or counts calls, with the real sandbox behind it.
   */
  readonly acquirerWrapper?: (sandbox: AcquirerPort) => AcquirerPort;
  /** Tests only: the money engine's scheduler, to try the live call and recovery in every order. */
  readonly stepScheduler?: StepScheduler;
  /** How often the metrics' queue depths are read (default QUEUE_READ_INTERVAL_MS); tests make it shorter. */
  readonly queueReadIntervalMs?: number;
  /**
   * Tests only: the console's list reads wait on their thread while this array's first element is
   * 0 (SQLite file databases), so a test sees the serving thread answer while one is under way.
   */
  readonly consoleReadHold?: Int32Array;
}

export interface Gatehouse {
  readonly config: Config;
  readonly store: Store;
  readonly admin: MerchantAdmin;
  readonly app: FastifyInstance;
  readonly jobs: JobRunner;
  /** This process's line in serving_processes, which sizes its share of the limits. */
  readonly presence: ServingPresence;
  /** The sandbox merchants' test clocks; absent under GATEHOUSE_ENV=production (issue 45). */
  readonly sandboxClocks: SandboxClockModule | undefined;
  readonly logger: Logger;
  /** This instance's Prometheus metrics (served by the metrics listener when one is configured). */
  readonly metrics: GatehouseMetrics;
  /** The operator console's services (accounts, sessions, orders, actions). */
  readonly operatorConsole: ConsoleServices;
  /** Starts the background jobs and listens; resolves to the address it listens on. */
  listen(): Promise<string>;
  close(): Promise<void>;
}
