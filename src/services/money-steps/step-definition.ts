import type { StepRow } from '../../store/schema.js';

/**
 * How a try of a step ended. `done`: its outcome is written (or another process wrote it first).
 * `retry`: nothing changed, try again after the backoff (no answer, a retryable refusal). `attention`:
 * nothing automatic may finish it (a refusal the acquirer calls final). `next`: done, and this
 * compensation (written in the same unit as the outcome) is to be sent now.
 */
export type StepEnd =
  | { readonly end: 'done' }
  | { readonly end: 'retry'; readonly reason: string; readonly actionCode?: number }
  | { readonly end: 'attention'; readonly reason: string; readonly actionCode?: number }
  | { readonly end: 'next'; readonly step: StepRow };

export const DONE: StepEnd = { end: 'done' };

/** Tried again later; `actionCode` is the acquirer's retryable refusal, kept if the attempts run out. */
export function retry(reason: string, actionCode?: number): StepEnd {
  return actionCode === undefined ? { end: 'retry', reason } : { end: 'retry', reason, actionCode };
}

/** Left for a person; `actionCode` is the acquirer's refusal, shown on the step (a REVERSAL leg's resultCode). */
export function attention(reason: string, actionCode?: number): StepEnd {
  return actionCode === undefined ? { end: 'attention', reason } : { end: 'attention', reason, actionCode };
}

/**
 * One kind of money step, as the engine resumes it. `resume` is called only with the step leased
 * to this process and still pending; it asks the acquirer what became of an unanswered call
 * before it decides, and writes its outcome only while the step is still pending.
 */
export interface StepDefinition {
  readonly kinds: readonly string[];
  resume(step: StepRow): Promise<StepEnd>;
}
