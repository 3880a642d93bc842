import { QueueWatch } from '../observability/queue-watch.js';
import { PROBE_LIMIT_MS } from '../store-engine/index.js';
import { readQueueDepths } from '../store/queue-depths.js';
import type { Core } from './core.js';
import type { GatehouseOptions } from './gatehouse.js';

/** How often the serving process reads the queue depths for the metrics. */
const QUEUE_READ_INTERVAL_MS = 5_000;

/**
 * Connects the store to the metrics: group commit's batches, the pool's waits, and the queue
 * depths, which only the process that runs the jobs reads. Answers that reader (undefined in the
 * others), which the root starts and stops.
 */
export function metricsModule(
  core: Core,
  options: Pick<GatehouseOptions, 'runJobs' | 'queueReadIntervalMs'>,
): QueueWatch | undefined {
  const { store, metrics, clock } = core;
  store.writes.observe((units, seconds) => metrics.groupCommit(units, seconds));
  if (store.poolWaiting !== undefined) metrics.poolWaits(store.poolWaiting);
  // The queues are the database's, the same for every worker: the one that runs the jobs reports them.
  const queueWatch =
    options.runJobs === false
      ? undefined
      : new QueueWatch(() => readQueueDepths(store.probe, clock.nowMs()), {
          intervalMs: options.queueReadIntervalMs ?? QUEUE_READ_INTERVAL_MS,
          timeoutMs: PROBE_LIMIT_MS,
        });
  if (queueWatch !== undefined) metrics.queues(() => queueWatch.latest());
  return queueWatch;
}
