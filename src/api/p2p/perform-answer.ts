import { Refusal } from '../../domain/refusals.js';
import type { PaymentStep } from '../../services/payment-step.js';
import type { TransferOrders } from '../../services/p2p/transfer-orders.js';
import type { OrderRow } from '../../store/schema.js';
import type { OperationContext } from '../operation.js';
import { p2pStatusView } from './p2p-status-view.js';

/**
 * A perform's answer: `info` says how it ended; the status resource travels as statusResponse only
 * for a merchant that has it enabled (p2p-api.md: "returned only when enabled by support").
 */
export async function performAnswer(
  order: OrderRow,
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
  const base = { errorCode: '0', errorMessage: context.message('success') };
  switch (step.kind) {
    case 'decided':
      return performAnswer(step.order, transferOrders, context);
    case 'method': {
      const { threeDSMethodURLServerDirect, ...invitation } = step.invitation;
      return {
        ...base,
        info: context.message('payment.threeDsMethod'),
        is3DSVer2: true,
        ...invitation,
        ...(context.merchant.permissions.has('threeDSMethodDirect') ? { threeDSMethodURLServerDirect } : {}),
      };
    }
    case 'challenge':
      return {
        ...base,
        info: context.message('payment.threeDsChallenge'),
        is3DSVer2: true,
        threeDSServerTransId: step.transactionId,
        acsUrl: step.acsUrl,
        packedCReq: step.packedCReq,
      };
    case 'v1':
      return {
        ...base,
        info: context.message('payment.threeDsChallenge'),
        acsUrl: step.acsUrl,
        paReq: step.paReq,
        termUrl: step.termUrl,
      };
  }
}
