/** A callback attempt's outcome: delivered, to be retried at its backoff, or given up on. */
export type CallbackOutcome = 'done' | 'retry' | 'dead';

/** Something an advance made happen, at the moment of the merchant's clock it was due. */
export type ClockEvent =
  | {
      readonly atMs: number;
      readonly what: 'expired' | 'completed' | 'reversed';
      readonly orderId: string;
      readonly orderNumber: string;
    }
  | { readonly atMs: number; readonly what: 'callback'; readonly outcome: CallbackOutcome };

/** What an advance did: the clock before and after, and what became due between, in time order. */
export interface ClockAdvanced {
  readonly fromMs: number;
  readonly toMs: number;
  readonly events: readonly ClockEvent[];
  /** More became due than one advance runs (ADVANCE_ITEMS_MAX): the jobs take the rest. */
  readonly moreDue: boolean;
}
