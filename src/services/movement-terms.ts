import { effectiveAmount } from '../domain/lifecycle-rules.js';
import { splitMovement, type MovementSide } from '../domain/dcc/movement-split.js';
import { invalidParam } from '../domain/refusals.js';
import type {
  FollowUpAnswer,
  FollowUpRequest,
  OriginalOperation,
  ReversalAnswer,
} from '../processing/acquirer/acquirer-port.js';
import type { DccSide } from '../store/order-movement-repository.js';
import type { OrderOperationRow, OrderRow } from '../store/schema.js';
import { convertedOf, details, type Converted } from './dcc/charge.js';

/*
 * The terms of a merchant's capture, reversal or refund: its amounts on both ledgers of a
 * converted order, the acquirer request it becomes, and a reversal's answer read as a movement's.
 */

/**
 * The movement's amount in the order's currency, and for a converted order its card-currency side:
 * named in the currency the merchant chose (`side`), 0 meaning all that is left, and split by the
 * rule of splitMovement so both ledgers stay exact. The card-currency side carries the order's
 * amounts it was computed from (`expected`), which its statement requires unchanged.
 */
export function amountsOf(
  requestedMinor: number,
  side: MovementSide,
  left: { readonly originalMinor: number; readonly dccMinor: number },
  converted: Converted | undefined,
  expected: { readonly originalMinor: number; readonly dccMinor: number } = left,
): { amountMinor: number; dcc?: DccSide } {
  if (converted === undefined) {
    const amountMinor = effectiveAmount(requestedMinor, left.originalMinor);
    if (amountMinor > left.originalMinor)
      throw invalidParam('amount', 'reason.integerRange', { min: 0, max: left.originalMinor });
    return { amountMinor };
  }
  const own = side === 'original' ? left.originalMinor : left.dccMinor;
  const amountMinor = effectiveAmount(requestedMinor, own);
  if (amountMinor > own) throw invalidParam('amount', 'reason.integerRange', { min: 0, max: own });
  const split = splitMovement(side, amountMinor, left, converted.pair);
  if (split === undefined) throw invalidParam('amount', 'reason.dccIndivisible', { max: own });
  return {
    amountMinor: split.originalMinor,
    dcc: {
      amountMinor: split.dccMinor,
      expectedMinor: expected.dccMinor,
      expectedOriginalMinor: expected.originalMinor,
    },
  };
}

/** The card-currency side of a movement, as its operation row keeps it. */
export function dccAmount(dcc: DccSide | undefined): { dccAmountMinor?: number } {
  return dcc === undefined ? {} : { dccAmountMinor: dcc.amountMinor };
}

/** The acquirer request of a movement: in the card's currency for a converted order. */
export function followUp(order: OrderRow, operation: OrderOperationRow): FollowUpRequest {
  return {
    orderId: order.id,
    operationId: operation.id,
    ...chargeOfStep(order, operation),
    original: originalOf(order),
  };
}

/**
 * What a step that gives or takes an order's money asks the acquirer for: in the card's currency,
 * with the accepted rate, when the order was converted and the step kept its card-currency side.
 */
export function chargeOfStep(
  order: OrderRow,
  step: Pick<OrderOperationRow, 'amount_minor' | 'dcc_amount_minor'>,
): Pick<FollowUpRequest, 'amountMinor' | 'currency' | 'conversion'> {
  const converted = convertedOf(order);
  if (converted === undefined || step.dcc_amount_minor === null)
    return { amountMinor: step.amount_minor, currency: order.currency };
  return {
    amountMinor: step.dcc_amount_minor,
    currency: converted.currency,
    conversion: details(order, converted, step.amount_minor),
  };
}

/** The authorization a movement follows: its step id and the network's references. */
function originalOf(order: OrderRow): OriginalOperation {
  if (order.payment_attempt_id === null) throw new Error(`order ${order.id} moves money it never authorized`);
  return {
    operationId: order.payment_attempt_id,
    ...(order.approval_code === null ? {} : { approvalCode: order.approval_code }),
    ...(order.rrn === null ? {} : { rrn: order.rrn }),
    ...(order.payment_net_ref_num === null ? {} : { paymentNetRefNum: order.payment_net_ref_num }),
    ...(order.terminal_id === null ? {} : { terminalId: order.terminal_id }),
    ...(order.auth_ref_num === null ? {} : { authRefNum: order.auth_ref_num }),
  };
}

/**
 * A merchant's reversal as a movement's answer: given back, or refused (an original the acquirer
 * does not hold is a refusal too: nothing was given back, so the order's change is undone).
 */
export function reversalAsFollowUp(answer: ReversalAnswer): FollowUpAnswer {
  switch (answer.outcome) {
    case 'reversed':
      return { approved: true, rrn: answer.rrn, approvalCode: answer.approvalCode };
    case 'originalNotFound':
      return { approved: false, reason: 'doNotHonour' };
    case 'refused':
      return { approved: false, reason: answer.reason };
  }
}
