import type { OrderRow } from '../../store/schema.js';
import { feeOf } from '../../services/p2p/transfer-rules.js';
import type { OperationContext } from '../operation.js';

/** verifyP2P.do's reply: the fee of a transfer of `amountMinor`, in the order currency. */
export function feeAnswer(
  order: OrderRow,
  context: OperationContext,
  amountMinor: number,
): Record<string, unknown> {
  return {
    errorCode: '0',
    errorMessage: context.message('success'),
    feeDescriptionList: [
      {
        feeAmount: feeOf(order, context.merchant, amountMinor),
        feeCurrency: order.currency,
        feeDescription: context.message('p2p.feeDescription'),
      },
    ],
  };
}
