/**
 * Every kind of money step, one list: an operation row's `kind` is one of these, and each has
 * exactly one definition in this folder (the engine refuses a second).
 */
export const STEP_KINDS = [
  'authorization',
  'debit',
  'capture',
  'reversal',
  'refund',
  'credit',
  'transferCredit',
  'authorizationReversal',
  'debitReversal',
] as const;
export type StepKind = (typeof STEP_KINDS)[number];

/** Money taken or held at once, answered "declined" to a customer who cannot wait. */
export const AUTHORIZATION_KINDS = ['authorization', 'debit'] as const satisfies readonly StepKind[];
/** A merchant's (or a hold's automatic) capture, reversal or refund of an order's money. */
export const MOVEMENT_KINDS = ['capture', 'reversal', 'refund'] as const satisfies readonly StepKind[];
export type MovementKind = (typeof MOVEMENT_KINDS)[number];
/** Money sent to a card: an instantRefund.do credit, or a transfer's credit leg. */
export const CREDIT_KINDS = ['credit', 'transferCredit'] as const satisfies readonly StepKind[];

/** The compensation of each kind of step that moves money at once. */
export const COMPENSATION_OF = {
  authorization: 'authorizationReversal',
  debit: 'debitReversal',
} as const satisfies Record<(typeof AUTHORIZATION_KINDS)[number], StepKind>;
export const COMPENSATION_KINDS = Object.values(COMPENSATION_OF);

export function isStepKind(kind: string): kind is StepKind {
  return (STEP_KINDS as readonly string[]).includes(kind);
}
