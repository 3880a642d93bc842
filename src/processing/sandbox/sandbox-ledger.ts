/** The calls the sandbox acquirer records; a hold is a two-phase authorization, a sale a one-phase one. */
export const LEDGER_CALLS = [
  'hold',
  'sale',
  'debit',
  'capture',
  'reverse',
  'refund',
  'credit',
  'fenced',
] as const;
export type LedgerCall = (typeof LEDGER_CALLS)[number];

/** One operation as the sandbox acquirer remembers it. */
export interface LedgerEntry {
  readonly operationId: string;
  readonly call: LedgerCall;
  readonly orderId: string;
  /** The operation a capture, reversal or refund follows. */
  readonly originalId: string | null;
  /** The test card's issuer behaviour (IssuerBehaviour); never the card number. */
  readonly behaviour: string;
  readonly amountMinor: number;
  readonly currency: string;
  /** JSON of the answer given. */
  readonly answer: string;
  /** Times sent, resends included. */
  readonly calls: number;
}

/**
 * Where the sandbox acquirer keeps its memory: in the database, so every worker and node agrees
 * on what it did (a resend recognized by any of them, an inquiry answered by any of them). It
 * stands for the acquirer's own systems; the gateway's tables never read it.
 */
export interface SandboxLedger {
  /** The entry under an operation id, if any. */
  find(operationId: string): Promise<LedgerEntry | undefined>;
  /** The issuer behaviour an operation was made with, if it is known; it never changes. */
  behaviourOf(operationId: string): Promise<string | undefined>;
  /**
   * Writes the first call of an operation id; false when one is there already (nothing written).
   * `find` sees the entry at once; it is durable no later than anything this process writes after.
   */
  insert(entry: Omit<LedgerEntry, 'calls'>, nowMs: number): Promise<boolean>;
  /**
   * Counts a resend, replacing the stored answer when `answer` is given (a retryable refusal tried
   * again). `seenCalls` is the count the caller read: the write is guarded by it.
   */
  resend(operationId: string, seenCalls: number, answer: string | undefined, nowMs: number): Promise<void>;
}
