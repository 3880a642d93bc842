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
 * requests. In memory: each node enforces the limit for the traffic it receives.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly clock: Clock) {}

  /** Takes a slot or throws a 429 refusal; the returned function gives the slot back. */
  acquire(principal: string, perSecond: number, concurrent: number): () => void {
    const nowMs = this.clock.nowMs();
    let bucket = this.buckets.get(principal);
    if (bucket === undefined) {
      if (this.buckets.size >= PRINCIPALS_MAX) this.evictIdle();
      bucket = { tokens: perSecond, refilledMs: nowMs, inFlight: 0 };
      this.buckets.set(principal, bucket);
    }
    bucket.tokens = Math.min(perSecond, bucket.tokens + ((nowMs - bucket.refilledMs) * perSecond) / 1000);
    bucket.refilledMs = nowMs;
    if (bucket.inFlight >= concurrent) throw new Refusal('CONCURRENCY_LIMITED', { limit: concurrent });
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
