import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WAL_SIZE_LIMIT_BYTES } from '../src/store-engine/wal-checkpointer.js';
import { freePort } from '../test/support/free-port.js';
import { load, startProcess, type Endpoint, type Measured, type Step } from './harness.js';
import { benchPostgres } from './postgres.js';
import {
  errorCheck,
  growthCheck,
  MIN_SAMPLES,
  percentile,
  quarterMedians,
  walCheck,
  type Check,
} from './soak-verdict.js';
import {
  gaugeValue,
  postgresSetting,
  postgresStorage,
  processTreeMemory,
  scrapeMetrics,
  sqliteStorage,
  type ProcessMemory,
  type StorageProbe,
} from './soak-probe.js';
import { smallMultiples, type Series } from './svg-chart.js';
import { CYCLE, prepareWorld, ROOT } from './world.js';

/**
 * npm run soak -- --minutes 20 [--engines sqlite,postgres] [--seed S] [--sample-s 10]
 *
 * Gatehouse under moderate steady load for a long time, one engine after the other: a closed-loop
 * burst at 50 connections measures the capacity of the mix (register.do, the status, an approved
 * instantPayment.do, a hold and its capture), then the same mix runs at a third of that rate for
 * --minutes while a sample is taken every --sample-s: the server's RSS (every process of it, from
 * /proc), heap used and event-loop delay p99 (its Prometheus metrics), the request p99 of the
 * interval (the load generator's), and the database's and WAL's size. The run fails on a leak, a
 * p99 drift, an unbounded WAL or any failed request (soak-verdict.ts), writes every sample to
 * bench/results/soak-<engine>.json and plots them to docs/reliability/soak-<engine>.svg.
 */

const argument = (name: string): string | undefined => {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
};
const MINUTES = Number(argument('--minutes') ?? 20);
const ENGINES = (argument('--engines') ?? 'sqlite,postgres').split(',').map((e) => e.trim());
// The load makes no random choice: the seed is recorded with the results so a run can be named.
const SEED = argument('--seed') ?? String(Date.now());
const REQUESTED_SAMPLE_S = Number(argument('--sample-s') ?? 10);
const CAPACITY_WARMUP_S = 3;
const CAPACITY_S = 10;
const CAPACITY_CONNECTIONS = 50;
/**
 * The rate, not the connections, keeps the load moderate; as many as the burst's, so that a slow
 * moment (a checkpoint, a neighbour on the machine) does not hold the rate back (10 did, in a trial).
 */
const STEADY_CONNECTIONS = 50;
const LEAK_LIMIT = 0.1;
const DRIFT_LIMIT = 0.5;

const MIB = 1024 * 1024;
const mib = (bytes: number) => `${(bytes / MIB).toFixed(1)} MiB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

for (const engine of ENGINES) {
  if (engine !== 'sqlite' && engine !== 'postgres') {
    console.error(`--engines names ${engine}; known: sqlite, postgres`);
    process.exit(2);
  }
}
if (!(MINUTES > 0) || !(REQUESTED_SAMPLE_S > 0)) {
  console.error('--minutes and --sample-s must be positive numbers');
  process.exit(2);
}
const DURATION_S = Math.round(MINUTES * 60);
// The quarter rule needs two samples a quarter: a short run samples more often rather than judge on one.
const SAMPLE_S = Math.min(REQUESTED_SAMPLE_S, DURATION_S / MIN_SAMPLES);

export interface Sample {
  /** Seconds since the steady load started. */
  readonly atS: number;
  /** VmRSS of the server's processes summed (a cluster: the primary and its workers). */
  readonly rssBytes: number;
  readonly processes: readonly ProcessMemory[];
  /** process_resident_memory_bytes as the metrics state it (a cluster: the workers summed, no primary). */
  readonly metricsRssBytes: number;
  /** nodejs_heap_size_used_bytes (a cluster: the workers summed). */
  readonly heapUsedBytes: number;
  /** nodejs_eventloop_lag_p99_seconds since the previous scrape, in ms (a cluster: the workers' average). */
  readonly eventLoopP99Ms: number;
  /** The load generator's p99 over the answers of this interval. */
  readonly requestP99Ms: number | null;
  readonly requests: number;
  readonly databaseBytes: number;
  readonly walBytes: number;
}

interface EngineRun {
  readonly engine: string;
  readonly capacity: Measured;
  readonly rate: number;
  readonly steady: Measured;
  readonly samples: readonly Sample[];
  readonly walBoundBytes: number;
  readonly checks: readonly Check[];
}

/** The soak's mix: the bench's scenarios as one cycle per connection. */
function mix(endpoints: readonly Endpoint[]): Step[] {
  return ['register.do', 'getOrderStatusExtended.do', 'instantPayment.do', CYCLE].flatMap((name) => {
    const endpoint = endpoints.find((e) => e.name === name);
    if (endpoint === undefined) throw new Error(`the bench world has no ${name} scenario`);
    return endpoint.steps;
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Takes a sample at each multiple of SAMPLE_S until the duration, alongside the load. */
async function sampleDuring(
  startMs: number,
  pid: number,
  metricsUrl: string,
  storage: StorageProbe,
  takeLatencies: () => number[],
): Promise<Sample[]> {
  const samples: Sample[] = [];
  const count = Math.floor(DURATION_S / SAMPLE_S + 1e-9);
  for (let k = 1; k <= count; k += 1) {
    await sleep(Math.max(0, startMs + k * SAMPLE_S * 1000 - Date.now()));
    const latencies = takeLatencies();
    const processes = processTreeMemory(pid);
    const [scrape, stored] = await Promise.all([scrapeMetrics(metricsUrl), storage.read()]);
    samples.push({
      atS: (Date.now() - startMs) / 1000,
      rssBytes: processes.reduce((sum, p) => sum + p.rssBytes, 0),
      processes,
      metricsRssBytes: gaugeValue(scrape, 'process_resident_memory_bytes'),
      heapUsedBytes: gaugeValue(scrape, 'nodejs_heap_size_used_bytes'),
      eventLoopP99Ms: gaugeValue(scrape, 'nodejs_eventloop_lag_p99_seconds') * 1000,
      requestP99Ms: percentile(latencies, 99) ?? null,
      requests: latencies.length,
      ...stored,
    });
  }
  return samples;
}

async function soak(engine: 'sqlite' | 'postgres'): Promise<EngineRun> {
  const dir = mkdtempSync(join(tmpdir(), `gatehouse-soak-${engine}-`));
  const postgres = engine === 'postgres' ? await benchPostgres() : undefined;
  let server: { child: ChildProcess; port: number } | undefined;
  let storage: StorageProbe | undefined;
  try {
    const world = prepareWorld(dir, postgres?.url);
    const metricsPort = await freePort();
    // PostgreSQL's default is one worker per core under a cluster primary, as an operator runs it.
    server = await startProcess([join(ROOT, 'bin/gatehouse.js'), 'serve'], {
      ...world.env,
      GATEHOUSE_METRICS_PORT: String(metricsPort),
      GATEHOUSE_LOG_LEVEL: 'warn',
    });
    const url = `http://127.0.0.1:${server.port}`;
    const pid = server.child.pid;
    if (pid === undefined) throw new Error('the server has no pid');
    const steps = mix((await world.scenarios(url, { walletTokens: 1 })).endpoints);

    await load('capacity warm-up', url, steps, CAPACITY_WARMUP_S, 10_000_000, CAPACITY_CONNECTIONS);
    const capacity = await load('capacity', url, steps, CAPACITY_S, 20_000_000, CAPACITY_CONNECTIONS);
    const rate = Math.max(1, Math.round(capacity.requestsPerSecond / 3));
    console.error(
      `${engine}: capacity ${capacity.requestsPerSecond.toFixed(0)} req/s; driving ${rate} req/s for ${MINUTES} min, a sample every ${SAMPLE_S} s`,
    );

    let walBoundBytes: number;
    let growthJudged: { judged: boolean; why: string };
    if (postgres === undefined) {
      storage = sqliteStorage(join(dir, 'bench.sqlite'));
      walBoundBytes = WAL_SIZE_LIMIT_BYTES;
      growthJudged = { judged: true, why: '' };
    } else {
      storage = await postgresStorage(postgres.server.url, 'bench');
      walBoundBytes = await postgresSetting(postgres.server.url, 'max_wal_size');
      const checkpointS = await postgresSetting(postgres.server.url, 'checkpoint_timeout');
      growthJudged = {
        judged: DURATION_S >= 2 * checkpointS,
        why: `the run (${DURATION_S} s) is shorter than two checkpoint_timeouts (${checkpointS} s); before a checkpoint recycles segments the WAL only grows`,
      };
    }

    let latencies: number[] = [];
    const takeLatencies = () => {
      const taken = latencies;
      latencies = [];
      return taken;
    };
    const startMs = Date.now();
    const [steady, samples] = await Promise.all([
      load('soak', url, steps, DURATION_S, 30_000_000, STEADY_CONNECTIONS, {
        overallRate: rate,
        onResponseTime: (latency) => latencies.push(latency),
      }),
      sampleDuring(startMs, pid, `http://127.0.0.1:${metricsPort}/metrics`, storage, takeLatencies),
    ]);

    const p99s = samples.map((s) => s.requestP99Ms ?? Number.NaN);
    const checks: Check[] = [
      growthCheck(
        'rss no leak',
        samples.map((s) => s.rssBytes),
        LEAK_LIMIT,
        mib,
      ),
      growthCheck(
        'heap no leak',
        samples.map((s) => s.heapUsedBytes),
        LEAK_LIMIT,
        mib,
      ),
      growthCheck('request p99 no drift', p99s, DRIFT_LIMIT, ms),
      walCheck(
        samples.map((s) => s.walBytes),
        walBoundBytes,
        growthJudged,
        mib,
      ),
      errorCheck(
        steady.non2xx + steady.errorCodeResponses + steady.errors,
        steady.responses,
        steady.firstFailure,
      ),
    ];
    return { engine, capacity, rate, steady, samples, walBoundBytes, checks };
  } finally {
    await storage?.close();
    if (server !== undefined) await stopServer(server.child);
    postgres?.server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The plotted and summarised series: name, unit, value of a sample. */
const SERIES: readonly {
  title: string;
  unit: string;
  value: (s: Sample) => number;
  show: (v: number) => string;
}[] = [
  {
    title: 'RSS (all server processes)',
    unit: 'MiB',
    value: (s) => s.rssBytes / MIB,
    show: (v) => `${v.toFixed(1)} MiB`,
  },
  {
    title: 'Heap used',
    unit: 'MiB',
    value: (s) => s.heapUsedBytes / MIB,
    show: (v) => `${v.toFixed(1)} MiB`,
  },
  {
    title: 'Event-loop delay p99',
    unit: 'ms',
    value: (s) => s.eventLoopP99Ms,
    show: (v) => `${v.toFixed(1)} ms`,
  },
  {
    title: 'Request latency p99',
    unit: 'ms',
    value: (s) => s.requestP99Ms ?? Number.NaN,
    show: (v) => `${v.toFixed(1)} ms`,
  },
  {
    title: 'Database size',
    unit: 'MiB',
    value: (s) => s.databaseBytes / MIB,
    show: (v) => `${v.toFixed(1)} MiB`,
  },
  { title: 'WAL size', unit: 'MiB', value: (s) => s.walBytes / MIB, show: (v) => `${v.toFixed(1)} MiB` },
];

function plot(run: EngineRun): string {
  const n = run.samples.length;
  const minutesAt = (index: number) => (run.samples[index]?.atS ?? 0) / 60;
  // A quarter's median is drawn over the samples it was taken from.
  const span = (quarter: number) => ({
    fromX: minutesAt(Math.floor((quarter * n) / 4)),
    toX: minutesAt(Math.floor(((quarter + 1) * n) / 4) - 1),
  });
  const series: Series[] = SERIES.map(({ title, unit, value }) => {
    const values = run.samples.map(value);
    const medians = quarterMedians(values);
    return {
      title: title === 'WAL size' ? `WAL size (bound ${mib(run.walBoundBytes)})` : title,
      unit,
      points: run.samples.map((s, index) => ({ x: s.atS / 60, y: values[index]! })),
      guides: [
        { label: 'Q2 median', y: medians[1], ...span(1) },
        { label: 'Q4 median', y: medians[3], ...span(3) },
      ],
    };
  });
  return smallMultiples(series, {
    title: `Gatehouse soak on ${run.engine}: ${run.rate} req/s (a third of ${run.capacity.requestsPerSecond.toFixed(0)}) for ${MINUTES} min, a sample every ${SAMPLE_S} s`,
    xLabel: 'time since the load started (min)',
    columns: 2,
  });
}

function summarise(run: EngineRun): void {
  const last = run.samples[run.samples.length - 1];
  console.log(`\n== ${run.engine} ==`);
  console.log(
    `capacity ${run.capacity.requestsPerSecond.toFixed(0)} req/s (closed loop, ${CAPACITY_CONNECTIONS} connections, ${CAPACITY_S} s, p99 ${run.capacity.latencyP99Ms} ms)`,
  );
  console.log(
    `driven ${run.rate} req/s for ${MINUTES} min on ${STEADY_CONNECTIONS} connections: ${run.steady.responses} answers, ${run.steady.requestsPerSecond.toFixed(0)} req/s achieved; ${run.samples.length} samples every ${SAMPLE_S} s; ${last?.processes.length ?? 0} server processes`,
  );
  console.log(`${'series'.padEnd(28)} ${['Q1', 'Q2', 'Q3', 'Q4'].map((q) => q.padStart(12)).join('')}`);
  for (const { title, value, show } of SERIES) {
    const medians = quarterMedians(run.samples.map(value));
    console.log(`${title.padEnd(28)} ${medians.map((m) => show(m).padStart(12)).join('')}`);
  }
  if (run.steady.requestsPerSecond < run.rate * 0.9) {
    console.log(
      `note: the load reached ${((run.steady.requestsPerSecond / run.rate) * 100).toFixed(0)} % of the rate asked for (the machine, or the load generator, was short of CPU)`,
    );
  }
  for (const check of run.checks) {
    console.log(`${check.passed ? 'PASS' : 'FAIL'} ${check.name}: ${check.reason}`);
  }
}

async function main(): Promise<void> {
  if (SAMPLE_S < REQUESTED_SAMPLE_S) {
    console.error(
      `--sample-s ${REQUESTED_SAMPLE_S} gives fewer than ${MIN_SAMPLES} samples in ${MINUTES} min; sampling every ${SAMPLE_S} s instead`,
    );
  }
  let passed = 0;
  let failed = 0;
  for (const engine of ENGINES as ('sqlite' | 'postgres')[]) {
    let run: EngineRun;
    try {
      run = await soak(engine);
    } catch (error) {
      console.log(`\n== ${engine} ==\nFAIL run: ${error instanceof Error ? error.message : String(error)}`);
      failed += 1;
      continue;
    }
    mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
    mkdirSync(join(ROOT, 'docs/reliability'), { recursive: true });
    writeFileSync(
      join(ROOT, `bench/results/soak-${engine}.json`),
      `${JSON.stringify(
        {
          measuredAt: new Date().toISOString(),
          node: process.version,
          engine,
          seed: SEED,
          minutes: MINUTES,
          sampleS: SAMPLE_S,
          capacity: run.capacity,
          rate: run.rate,
          steadyConnections: STEADY_CONNECTIONS,
          steady: run.steady,
          walBoundBytes: run.walBoundBytes,
          checks: run.checks,
          samples: run.samples,
        },
        null,
        2,
      )}\n`,
    );
    writeFileSync(join(ROOT, `docs/reliability/soak-${engine}.svg`), plot(run));
    summarise(run);
    console.log(`wrote bench/results/soak-${engine}.json and docs/reliability/soak-${engine}.svg`);
    for (const check of run.checks) {
      if (check.passed) passed += 1;
      else failed += 1;
    }
  }
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exitCode = failed === 0 ? 0 : 1;
}

await main();
