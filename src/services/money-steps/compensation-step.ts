import { pendingStep } from './pending-step.js';
import type { AuthorizationReference } from '../../processing/acquirer/acquirer-port.js';
import type { StepRow } from '../../store/schema.js';
import { compensationDetails } from './step-details.js';
import { COMPENSATION_OF } from './step-kinds.js';

/**
 * The reversal of `original` as a step of its own, written pending in the same unit as the
 * decision to give the money back: it carries the original's step id (and the network's
 * references when its answer came), so the acquirer can match it.
 */
export function compensationStep(
  id: string,
  original: Pick<
    StepRow,
    'id' | 'kind' | 'order_id' | 'merchant_id' | 'currency' | 'amount_minor' | 'dcc_amount_minor'
  >,
  reference: Partial<AuthorizationReference> | undefined,
  nowMs: number,
  declineActionCode?: number,
): StepRow {
  const kind = original.kind === 'debit' ? COMPENSATION_OF.debit : COMPENSATION_OF.authorization;
  return pendingStep({
    id,
    order: { id: original.order_id, merchant_id: original.merchant_id, currency: original.currency },
    kind,
    amountMinor: original.amount_minor,
    nowMs,
    details: compensationDetails.encode({
      original: { operationId: original.id, ...reference },
      ...(declineActionCode === undefined ? {} : { declineActionCode }),
    }),
    dccAmountMinor: original.dcc_amount_minor,
  });
}
