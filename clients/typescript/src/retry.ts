/**
 * When and how long the client waits before sending a call again. Only a call that cannot do
 * twice what it asks is sent again: a read, or a call with an Idempotency-Key (the gateway answers
 * a repeat with the first answer, and releases the key when the first attempt failed with 5xx).
 */
export interface RetryOptions {
  /** Attempts in all, the first one included; 1 sends every call once. 3 by default. */
  readonly attempts?: number;
  /** The backoff before the second attempt; it doubles for each one after. 200 ms by default. */
  readonly baseDelayMs?: number;
  /**
   * The longest wait between two attempts, 5 000 ms by default. A Retry-After asking for longer
   * ends the retries: the answer is thrown rather than the wait shortened.
   */
  readonly maxDelayMs?: number;
}

export const RETRY_DEFAULTS: Required<RetryOptions> = { attempts: 3, baseDelayMs: 200, maxDelayMs: 5_000 };

/** A bound on attempts whatever the options say, so a misconfigured client cannot hammer a gateway. */
const ATTEMPTS_MAX = 10;

export function retrySettings(options: RetryOptions | false | undefined): Required<RetryOptions> {
  if (options === false) return { ...RETRY_DEFAULTS, attempts: 1 };
  const merged = { ...RETRY_DEFAULTS, ...options };
  return { ...merged, attempts: Math.min(Math.max(1, Math.floor(merged.attempts)), ATTEMPTS_MAX) };
}

/** An answer worth waiting for: a limit or a busy key (429), or the gateway or a proxy failing (5xx). */
export function isRetriableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/**
 * The wait before attempt `next` (2 for the first retry): "full jitter", a random share of the
 * doubled backoff, so clients that failed together do not come back together.
 */
export function backoffMs(next: number, settings: Required<RetryOptions>, random = Math.random): number {
  const ceiling = Math.min(settings.maxDelayMs, settings.baseDelayMs * 2 ** (next - 2));
  return Math.round(random() * ceiling);
}

/** Retry-After in milliseconds: delay-seconds or an HTTP date (RFC 9110); undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, nowMs = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}
