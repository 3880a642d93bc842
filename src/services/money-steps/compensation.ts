import { pendingOperationRow } from '../../domain/operation-intent.js';
import type { AuthorizationReference, OriginalOperation } from '../../processing/acquirer/acquirer-port.js';
import type { OrderRow, StepRow } from '../../store/schema.js';

/** The compensation of each kind of step that moves money at once. */
export const COMPENSATION_OF = {
  authorization: 'authorizationReversal',
  debit: 'debitReversal',
} as const;
export const COMPENSATION_KINDS = Object.values(COMPENSATION_OF);

/** What a compensation step keeps: the operation it gives back, and how the order ends once it is. */
export interface CompensationDetails {
  readonly original: OriginalOperation;
  /** A transfer whose credit was refused is declined with the credit's action code once its debit is back. */
  readonly declineActionCode?: number;
}

/**
 * The reversal of `original` as a step of its own, written pending in the same unit as the
 * decision to give the money back: it carries the original's step id (and the network's
 * references when its answer came), so the acquirer can match it.
 */
export function compensationStep(
  id: string,
  order: Pick<OrderRow, 'id' | 'merchant_id' | 'currency'>,
  original: Pick<StepRow, 'id' | 'kind' | 'amount_minor' | 'dcc_amount_minor'>,
  reference: AuthorizationReference | undefined,
  nowMs: number,
  declineActionCode?: number,
): StepRow {
  const kind = original.kind === 'debit' ? COMPENSATION_OF.debit : COMPENSATION_OF.authorization;
  const details: CompensationDetails = {
    original: { operationId: original.id, ...reference },
    ...(declineActionCode === undefined ? {} : { declineActionCode }),
  };
  return {
    ...pendingOperationRow({
      id,
      order,
      kind,
      amountMinor: original.amount_minor,
      nowMs,
      details: JSON.stringify(details),
      dccAmountMinor: original.dcc_amount_minor,
    }),
    attempts: 0,
    next_attempt_at_ms: null,
    claimed_until_ms: null,
    last_error: null,
  };
}
