import type { UnknownOutcome } from '../../processing/acquirer/acquirer-port.js';
import type { Executor } from '../../store-engine/index.js';
import type { OrderRow, StepRow } from '../../store/schema.js';
import type { StepKind } from './step-kinds.js';

/**
 * How a try of a step ended. `done`: its outcome is written (or another writer wrote it first).
 * `retry`: nothing changed, try again after the backoff (no answer, a retryable refusal). `attention`:
 * nothing automatic may finish it (a refusal the acquirer calls final). `next`: done, and this step
 * (a compensation, or a transfer's credit leg, written in the same unit as the outcome) is sent now.
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

export function next(step: StepRow): StepEnd {
  return { end: 'next', step };
}

/** What a settle did: how the step ended, and the order as its unit left it (none when it did not change it). */
export interface Settled {
  readonly end: StepEnd;
  readonly order?: OrderRow | undefined;
  /** The step was final already: another writer's outcome stands, and this settle wrote nothing. */
  readonly lost?: true;
}

/** The settle found the step final already: the other writer's outcome stands, nothing was written. */
export const LOST: Settled = { end: DONE, lost: true };

/** The merchant's call that sends a step live, and what only that call knows (a card is never kept). */
export interface Live<Terms> {
  readonly terms?: Terms;
  /** X-Request-Id of the call: its callbacks carry it. */
  readonly requestId?: string;
}

/** Recovery found the acquirer holding another kind of call under the step's id: a person must look. */
export interface Stray {
  readonly stray: string;
}

export function isStray(answer: object): answer is Stray {
  return 'stray' in answer;
}

/**
 * One kind of money step, the only code that moves an order's money for it. The engine runs it
 * live (`start` → `send` → `settle`, or `unanswered` without an answer) and in recovery (lease →
 * `unanswered` → `ask` → `settle`), so the live writer and the recovery writer are the same code.
 * `settle` is one unit that turns the pending step final and changes the order, guarded by the
 * step still pending: whoever comes second writes nothing and reads what the first wrote.
 */
export interface StepDefinition<Intent, Terms, Answer extends object> {
  readonly kinds: readonly StepKind[];
  /** The intent: the order's change, the pending step and its typed extra writes, one unit. */
  start(db: Executor, intent: Intent): Promise<void>;
  /** The acquirer request under the step's id: its first sending, or the same sent again. */
  send(step: StepRow, terms: Terms | undefined): Promise<Answer | UnknownOutcome | Stray>;
  /** Recovery: what the acquirer did under the step's id (an inquiry, or the request sent again). */
  ask(step: StepRow): Promise<Answer | UnknownOutcome | Stray>;
  /**
   * The no-answer policy "decline now": what the order reads while the answer is unknown, written
   * in a unit the engine guards by the step still pending. Absent: the step is left pending as is.
   */
  unanswered?(db: Executor, step: StepRow, nowMs: number): Promise<void>;
  settle(step: StepRow, answer: Answer, live: Live<Terms>): Promise<Settled>;
  /** More writes in the unit that leaves the step for a person (money that is held reads held). */
  leftForAttention?(db: Executor, step: StepRow, nowMs: number): Promise<void>;
}
