import { systemClock, type Clock } from '../domain/clock.js';

/**
 * The CVC of a card whose customer is away authenticating, kept only in this process's memory until
 * the payment is decided: it is never written anywhere. A payment completed by another node, or
 * after a restart, goes to the issuer without it
 * (docs/decisions/0060-card-data-while-the-customer-is-at-the-acs-and-after-it.md).
 */
/** A bound on memory: beyond it the oldest CVCs go first (their payments then go without one). */
const MAX_KEPT = 100_000;

export class CvcKeeper {
  /** Each CVC with the moment of real time its payment's lifetime ends. */
  private readonly kept = new Map<string, { cvc: string; untilMs: number }>();

  /**
   * `real`: one timeline for every merchant's CVCs. A merchant's `untilMs` and `nowMs` read its
   * sandbox test clock (issue 45); compared as they came, a merchant a week ahead dropped every
   * other merchant's CVCs at its next keep.
   */
  constructor(private readonly real: Clock = systemClock) {}

  /** Keeps `cvc` until `untilMs`, both it and `nowMs` read on the paying merchant's clock. */
  keep(id: string, cvc: string | undefined, untilMs: number, nowMs: number): void {
    const realMs = this.real.nowMs();
    // Oldest first (insertion order, and lifetimes end roughly in that order): drop what has
    // expired from the front, so each call costs about one step, not a scan of every entry.
    for (const [key, entry] of this.kept) {
      if (entry.untilMs > realMs && this.kept.size < MAX_KEPT) break;
      this.kept.delete(key);
    }
    if (cvc !== undefined) this.kept.set(id, { cvc, untilMs: realMs + (untilMs - nowMs) });
  }

  /** Hands the CVC out once. */
  take(id: string): string | undefined {
    const entry = this.kept.get(id);
    this.kept.delete(id);
    return entry?.cvc;
  }
}
