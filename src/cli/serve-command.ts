import cluster, { type Worker } from 'node:cluster';
import { answerClusterScrapes, serveClusterMetrics } from '../observability/cluster-metrics.js';
import type { Logger } from 'pino';
import { loadConfig, type Config } from '../config/config.js';
import { createGatehouse, createLogger } from '../server.js';
import { openAdmin } from '../admin-root.js';
import { clusterWriteLock, serveWriteLock } from './cluster-write-lock.js';
import { forwardRunProbe, installRunProbe } from './run-probe.js';
import { createSandboxMerchant, sandboxGreeting } from './sandbox-merchant.js';

const WORKER_INDEX_ENV = 'GATEHOUSE_WORKER_INDEX';
export const WORKER_RESTART_DELAY_MS = 1000;

/** One process serving the port: the whole of `serve` with one worker, or one cluster worker. */
async function serveInProcess(
  config: Config,
  role: { index: number; workers: number },
  sandbox: boolean,
): Promise<void> {
  const primary = role.workers === 1;
  installRunProbe(config.probeFile);
  const gatehouse = await createGatehouse(config, {
    migrate: primary,
    runJobs: role.index === 0,
    limitShareCount: role.workers,
    serveMetrics: primary,
    ...(primary ? {} : { writeLock: clusterWriteLock() }),
  });
  // A cluster worker answers the primary's scrape with its own registry (prom-client's cluster IPC).
  if (!primary) answerClusterScrapes(gatehouse.metrics.registry);
  if (primary && sandbox) await greetWithSandboxMerchant(gatehouse.admin, config);
  const address = await gatehouse.listen();
  gatehouse.logger.info(
    {
      address,
      publicUrl: config.publicUrl,
      database: config.database.engine,
      worker: role.index,
      workers: role.workers,
    },
    'Gatehouse is listening',
  );
  const stop = (signal: string) => {
    gatehouse.logger.info({ signal, worker: role.index }, 'shutting down');
    gatehouse.close().then(
      () => process.exit(0),
      (error: unknown) => {
        gatehouse.logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

async function greetWithSandboxMerchant(
  admin: Parameters<typeof createSandboxMerchant>[0],
  config: Config,
): Promise<void> {
  const created = await createSandboxMerchant(admin);
  if (created !== undefined) console.log(sandboxGreeting(created, config.publicUrl));
}

/**
 * The cluster primary migrates, creates the sandbox merchant, then keeps one worker per
 * GATEHOUSE_WORKERS serving the shared port, restarting any that dies. Only worker 0 runs the
 * background jobs (they are safe anywhere; one runner is enough).
 */
async function servePrimary(config: Config, sandbox: boolean, logger: Logger): Promise<void> {
  // The signals are taken first: one that comes while the primary greets or forks (an operator's
  // Ctrl-C at start) stops it cleanly instead of killing it under workers still reporting to it.
  let stopping = false;
  const indexOf = new Map<Worker, number>();
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    logger.info({ signal }, 'stopping workers');
    for (const worker of indexOf.keys()) worker.process.kill('SIGTERM');
    if (indexOf.size === 0) process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const { store, admin, masterKeyGenerated } = await openAdmin(config);
  if (masterKeyGenerated !== undefined) {
    logger.warn(
      { file: masterKeyGenerated },
      'generated a new vault master key; back it up, or set GATEHOUSE_MASTER_KEY',
    );
  }
  try {
    if (sandbox) await greetWithSandboxMerchant(admin, config);
  } finally {
    await store.close();
  }
  serveWriteLock();
  const fork = (index: number) => indexOf.set(cluster.fork({ [WORKER_INDEX_ENV]: String(index) }), index);
  for (let index = 0; index < config.workers && !stopping; index += 1) fork(index);
  if (stopping) {
    if (indexOf.size === 0) process.exit(0);
    for (const worker of indexOf.keys()) worker.process.kill('SIGTERM');
  }
  forwardRunProbe(config.probeFile, () => indexOf.keys());
  if (config.metricsPort !== undefined) {
    const scrapes = await serveClusterMetrics(config.host, config.metricsPort);
    logger.info({ metrics: scrapes.url }, 'metrics listening (every worker summed)');
  }
  cluster.on('exit', (worker, code, signal) => {
    const index = indexOf.get(worker) ?? 0;
    indexOf.delete(worker);
    if (stopping) {
      if (indexOf.size === 0) {
        logger.flush();
        process.exit(0);
      }
      return;
    }
    logger.error({ worker: index, code, signal }, 'worker died; starting a new one');
    setTimeout(() => {
      if (!stopping) fork(index);
    }, WORKER_RESTART_DELAY_MS).unref();
  });
}

export async function serve(options: { sandboxMerchant: boolean }): Promise<void> {
  const config = loadConfig();
  const sandbox = options.sandboxMerchant && config.sandboxMerchant;
  if (cluster.isWorker) {
    await serveInProcess(
      config,
      { index: Number(process.env[WORKER_INDEX_ENV] ?? 0), workers: config.workers },
      false,
    );
  } else if (config.workers === 1) {
    await serveInProcess(config, { index: 0, workers: 1 }, sandbox);
  } else {
    await servePrimary(config, sandbox, createLogger(config));
  }
}
