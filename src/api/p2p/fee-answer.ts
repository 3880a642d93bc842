import type { OrderRecord } from '../../domain/order-record.js';
import { feeOf } from '../../services/p2p/transfer-rules.js';
import type { OperationContext } from '../operation.js';
import { arrayOf, described, INTEGER, joined, object, TEXT } from '../answers/answer-schema.js';
import { REST_SUCCESS } from '../answers/success-members.js';

/** feeAnswer's members (p2p-api.md verifyP2P.do response). */
export const FEE_ANSWER_SCHEMA = joined([
  REST_SUCCESS,
  object(
    {
      feeDescriptionList: arrayOf(
        object(
          {
            feeAmount: described(INTEGER, 'The fee, minor units of feeCurrency'),
            feeCurrency: described(TEXT, 'ISO 4217 numeric code: the order currency'),
            feeDescription: described(TEXT, 'In the request language'),
          },
          { required: 'all' },
        ),
      ),
    },
    { required: 'all' },
  ),
]);

/** verifyP2P.do's reply: the fee of a transfer of `amountMinor`, in the order currency. */
export function feeAnswer(
  order: OrderRecord,
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
