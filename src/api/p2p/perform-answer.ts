import { Refusal } from '../../domain/refusals.js';
import type { PaymentStep } from '../../services/payment-step.js';
import type { TransferOrders } from '../../services/p2p/transfer-orders.js';
import type { OrderRecord } from '../../domain/order-record.js';
import type { OperationContext } from '../operation.js';
import { threeDsStepMembers } from '../rest/payment-answers.js';
import { p2pStatusView } from './p2p-status-view.js';

/**
 * A perform's answer: `info` says how it ended; the status resource travels as statusResponse only
 * for a merchant that has it enabled (p2p-api.md: "returned only when enabled by support").
 */
export async function performAnswer(
  order: OrderRecord,
  transferOrders: TransferOrders,
  context: OperationContext,
): Promise<Record<string, unknown>> {
  if (order.status === 0 || order.status === 5) throw new Refusal('OPERATION_PENDING');
  const status = p2pStatusView(order, await transferOrders.legsOf(order), context);
  const reference = status.debitTransactionReference;
  return {
    errorCode: '0',
    errorMessage: context.message('success'),
    info: context.message(order.status === 2 ? 'p2p.info.done' : 'p2p.info.declined'),
    ...(reference === undefined
      ? {}
      : { mcTransactionReference: reference, debitTransactionReference: reference }),
    ...(context.merchant.p2pStatusResponse === true ? { statusResponse: status } : {}),
  };
}

/** The reply for a step of 3-D Secure on the debited card (performP2P.do's 3-D Secure 2 members). */
export async function stepReply(
  step: PaymentStep,
  transferOrders: TransferOrders,
  context: OperationContext,
): Promise<Record<string, unknown>> {
  if (step.kind === 'decided') return performAnswer(step.order, transferOrders, context);
  return { errorCode: '0', errorMessage: context.message('success'), ...threeDsStepMembers(step, context) };
}
