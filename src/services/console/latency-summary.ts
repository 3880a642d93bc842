/**
 * One kind of acquirer call as the metrics' latency histogram has it: cumulative counts per upper
 * bound. Declared here, where the console reads it; the metrics (observability/) provide it.
 */
export interface LatencyHistogram {
  readonly kind: string;
  readonly count: number;
  readonly sumSeconds: number;
  /** Ascending bounds in seconds, the last Infinity; `count` is calls that took at most `le`. */
  readonly buckets: readonly { readonly le: number; readonly count: number }[];
}

/** One kind of acquirer call: how long calls took, as far as the histogram's buckets tell. */
export interface LatencySummary {
  readonly kind: string;
  readonly calls: number;
  readonly meanMs: number;
  /**
   * The bucket bound (ms) that half, nine in ten and 99 in 100 calls stayed within; null when
   * that share took longer than the largest bound.
   */
  readonly p50Ms: number | null;
  readonly p90Ms: number | null;
  readonly p99Ms: number | null;
}

/**
 * The upper bound of the first bucket holding the q-quantile. A histogram keeps no single times,
 * so this is a bound, not an estimate between bounds: the page says "at most".
 */
export function quantileBound(histogram: LatencyHistogram, q: number): number | null {
  const wanted = q * histogram.count;
  const bucket = histogram.buckets.find((one) => one.count >= wanted);
  return bucket === undefined || bucket.le === Infinity ? null : bucket.le * 1000;
}

export function summarize(histogram: LatencyHistogram): LatencySummary {
  return {
    kind: histogram.kind,
    calls: histogram.count,
    meanMs: histogram.count === 0 ? 0 : (histogram.sumSeconds / histogram.count) * 1000,
    p50Ms: quantileBound(histogram, 0.5),
    p90Ms: quantileBound(histogram, 0.9),
    p99Ms: quantileBound(histogram, 0.99),
  };
}
