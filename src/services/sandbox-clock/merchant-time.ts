import { AsyncLocalStorage } from 'node:async_hooks';
import type { Clock, MerchantScope } from '../../domain/clock.js';

/**
 * Time as a merchant's story reads it: real time plus the offset of the merchant's sandbox test
 * clock (issue 45). Work done for a merchant runs `within` it, and every service handed this clock
 * then dates that merchant's orders, holds, bindings, offers and callbacks on the merchant's clock
 * without each call passing the merchant along. The money engine's own deadlines (leases,
 * backoff, the acquirer's timeout) read `real`: they protect the process, not the story.
 *
 * The scope is an AsyncLocalStorage entered only for a merchant whose clock was moved: Node turns
 * on its promise hooks at the first `run`, so a gateway where no clock was ever moved (production
 * always, the bench) pays nothing for it.
 */
export class MerchantTime implements Clock, MerchantScope {
  private readonly scope = new AsyncLocalStorage<number>();
  private offsets = new Map<string, number>();

  constructor(readonly real: Clock) {}

  nowMs(): number {
    return this.real.nowMs() + (this.scope.getStore() ?? 0);
  }

  /** The merchant's clock now. */
  nowOf(merchantId: string): number {
    return this.real.nowMs() + this.offsetOf(merchantId);
  }

  offsetOf(merchantId: string): number {
    return this.offsets.get(merchantId) ?? 0;
  }

  /** Runs `work` on the merchant's clock (at `offsetMs` when given: the advance steps through time). */
  within<T>(merchantId: string, work: () => T, offsetMs?: number): T {
    const offset = offsetMs ?? this.offsets.get(merchantId);
    if (offset === undefined || offset === 0) {
      // Outside every scope already: nothing to enter. Inside another merchant's: leave it.
      return this.scope.getStore() === undefined ? work() : this.scope.run(0, work);
    }
    return this.scope.run(offset, work);
  }

  /** The merchants whose clocks read ahead of real time, with their offsets. */
  advanced(): [merchantId: string, offsetMs: number][] {
    return [...this.offsets.entries()].filter(([, offset]) => offset > 0);
  }

  /** Takes the clocks as stored (another node may have moved or reset one). */
  load(clocks: Iterable<{ readonly merchantId: string; readonly offsetMs: number }>): void {
    this.offsets = new Map([...clocks].map(({ merchantId, offsetMs }) => [merchantId, offsetMs]));
  }

  /** One merchant's clock as this process just wrote it (0: back on real time). */
  set(merchantId: string, offsetMs: number): void {
    if (offsetMs === 0) this.offsets.delete(merchantId);
    else this.offsets.set(merchantId, offsetMs);
  }
}
