import { AggregatorRegistry, type Registry } from 'prom-client';
import { listenForScrapes } from './metrics-listener.js';

/**
 * Metrics of a node:cluster gateway: the primary serves GET /metrics and asks every worker for its
 * registry over the cluster's IPC (prom-client's AggregatorRegistry): counters and histograms are
 * summed, and the queue gauges come from the one worker that runs the jobs.
 */
export function serveClusterMetrics(host: string, port: number): ReturnType<typeof listenForScrapes> {
  const aggregator = new AggregatorRegistry();
  return listenForScrapes(host, port, { text: () => aggregator.clusterMetrics() });
}

/** In a worker: answer the primary's requests with this registry. */
export function answerClusterScrapes(registry: Registry): void {
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one installs the worker's listener for the primary's requests.
  new AggregatorRegistry();
}
