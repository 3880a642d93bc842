import type { Clock } from '../domain/clock.js';
import { Refusal } from '../domain/refusals.js';

interface Bucket {
  tokens: number;
  refilledMs: number;
  inFlight: number;
}

const PRINCIPALS_MAX = 100_000;

/**
 * Per-principal request rate (a token bucket holding one second's worth) and simultaneous
 * requests. In memory, so a request costs no database round trip: each process enforces its share
 * of the limit, the limit divided by every process serving the API on every node (the cluster
 * feeds its workers round-robin, and a load balancer its nodes), which ServingPresence keeps
 * current. docs/reliability.md says what that promises when the traffic is not spread evenly.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly clock: Clock,
    private shareCount = 1,
  ) {}

  /** Processes now sharing every limit; a bucket takes its new size at its next request. */
  share(processes: number): void {
    this.shareCount = Math.max(1, processes);
  }

  /** Takes a slot or throws a 429 refusal; the returned function gives the slot back. */
  acquire(principal: string, perSecondLimit: number, concurrentLimit: number): () => void {
    // A fractional share refills at its exact rate; the bucket still holds one whole request.
    const perSecond = perSecondLimit / this.shareCount;
    const capacity = Math.max(1, perSecond);
    const concurrent = Math.max(1, Math.ceil(concurrentLimit / this.shareCount));
    const nowMs = this.clock.nowMs();
    let bucket = this.buckets.get(principal);
    if (bucket === undefined) {
      if (this.buckets.size >= PRINCIPALS_MAX) this.evictIdle();
      bucket = { tokens: capacity, refilledMs: nowMs, inFlight: 0 };
      this.buckets.set(principal, bucket);
    }
    bucket.tokens = Math.min(capacity, bucket.tokens + ((nowMs - bucket.refilledMs) * perSecond) / 1000);
    bucket.refilledMs = nowMs;
    if (bucket.inFlight >= concurrent) throw new Refusal('CONCURRENCY_LIMITED', { limit: concurrentLimit });
    if (bucket.tokens < 1) throw new Refusal('RATE_LIMITED');
    bucket.tokens -= 1;
    bucket.inFlight += 1;
    const held = bucket;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      held.inFlight -= 1;
    };
  }

  private evictIdle(): void {
    for (const [principal, bucket] of this.buckets) {
      if (bucket.inFlight === 0) this.buckets.delete(principal);
    }
  }
}
