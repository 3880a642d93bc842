export const AUTH_FAILURES_FREE = 5;
export const AUTH_LOCK_MS_BASE = 1_000;
export const AUTH_LOCK_MS_MAX = 15 * 60_000;
export const AUTH_FAILURE_WINDOW_MS = 15 * 60_000;
const THROTTLED_NAMES_MAX = 100_000;

/**
 * How long a name is locked after `failures` within the window: not at all below `free`, then for
 * an interval that doubles with each further failure, up to AUTH_LOCK_MS_MAX.
 */
export function lockMsAfter(failures: number, free: number): number {
  const excess = failures - free;
  return excess < 0 ? 0 : Math.min(AUTH_LOCK_MS_MAX, AUTH_LOCK_MS_BASE * 2 ** excess);
}

interface Failures {
  count: number;
  lastMs: number;
  lockedUntilMs: number;
}

/**
 * The lock-out rule of every login of the gateway (API users, console operators): failures are
 * counted per name, known or not, so the throttle reveals nothing; after AUTH_FAILURES_FREE within
 * the window the name is locked for an interval that doubles with each further failure.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, Failures>();

  /** Seconds the name stays locked, or undefined when it may try now. */
  lockedFor(name: string, nowMs: number): number | undefined {
    const entry = this.failures.get(name);
    if (entry === undefined || entry.lockedUntilMs <= nowMs) return undefined;
    return Math.ceil((entry.lockedUntilMs - nowMs) / 1000);
  }

  failed(name: string, nowMs: number): void {
    const previous = this.failures.get(name);
    const count =
      previous !== undefined && nowMs - previous.lastMs < AUTH_FAILURE_WINDOW_MS ? previous.count + 1 : 1;
    const lockMs = lockMsAfter(count, AUTH_FAILURES_FREE);
    if (this.failures.size >= THROTTLED_NAMES_MAX)
      this.failures.delete(this.failures.keys().next().value as string);
    this.failures.set(name, { count, lastMs: nowMs, lockedUntilMs: nowMs + lockMs });
  }

  succeeded(name: string): void {
    if (this.failures.size > 0) this.failures.delete(name);
  }
}
