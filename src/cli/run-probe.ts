import type { Worker } from 'node:cluster';
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { countStatements, takeCachedReadCounts, takeStatementCounts } from '../store-engine/index.js';

const NS_PER_MS = 1e6;

/**
 * The bench's and the profiler's view into a serving process (GATEHOUSE_PROBE_FILE): on SIGUSR2
 * it writes `<file>.<pid>.json` with the event-loop delay, the CPU time used, the SQL statements
 * counted and the reads the read cache answered since the previous SIGUSR2, then starts them
 * afresh. Must be installed before the store opens, so the statement count covers every query.
 * Never set in production: it only observes.
 */
export function installRunProbe(file: string | undefined): void {
  if (file === undefined) return;
  countStatements();
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let cpu = process.cpuUsage();
  process.on('SIGUSR2', () => {
    const used = process.cpuUsage(cpu);
    cpu = process.cpuUsage();
    const snapshot = {
      pid: process.pid,
      eventLoopDelayMs: {
        p50: delay.percentile(50) / NS_PER_MS,
        p99: delay.percentile(99) / NS_PER_MS,
        max: delay.max / NS_PER_MS,
      },
      cpuMs: (used.user + used.system) / 1000,
      statements: takeStatementCounts(),
      cachedReads: takeCachedReadCounts(),
    };
    delay.reset();
    writeFileSync(`${file}.${process.pid}.json`, JSON.stringify(snapshot));
  });
}

/** A cluster primary serves nothing itself: it hands the probe signal to each worker. */
export function forwardRunProbe(file: string | undefined, workers: () => Iterable<Worker>): void {
  if (file === undefined) return;
  process.on('SIGUSR2', () => {
    for (const worker of workers()) worker.process.kill('SIGUSR2');
  });
}
