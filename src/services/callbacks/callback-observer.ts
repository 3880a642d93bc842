/**
 * Why an attempt failed, from a bounded set (a metrics label): the answer's HTTP status class, no
 * answer in time, the connection refused or broken, an address callbacks may not go to, or not
 * sent at all (no merchant, a key that does not open).
 */
export type CallbackFailureReason =
  | 'http_3xx'
  | 'http_4xx'
  | 'http_5xx'
  | 'http_other'
  | 'timeout'
  | 'connection_refused'
  | 'connection_error'
  | 'address_refused'
  | 'not_sent';

/** What callback delivery reports (the metrics implement it). */
export interface CallbackObserver {
  /** One attempt ended: delivered (2xx) or failed, after `seconds` on it. */
  callbackAttempt(
    result: { sent: true } | { sent: false; reason: CallbackFailureReason },
    seconds: number,
  ): void;
  /** A callback failed for the last time and waits for an operator (state dead). */
  callbackDeadLettered(): void;
  /** An operator sent a callback again (console or CLI), due at once with a fresh schedule. */
  callbackReplayed(): void;
}

export const NO_CALLBACK_OBSERVER: CallbackObserver = {
  callbackAttempt: () => undefined,
  callbackDeadLettered: () => undefined,
  callbackReplayed: () => undefined,
};
