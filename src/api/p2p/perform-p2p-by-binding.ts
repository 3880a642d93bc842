import { Refusal } from '../../domain/refusals.js';
import type { Operation } from '../operation.js';
import { param } from '../params/param-table.js';
import { digits, text } from '../params/scalar-types.js';
import { orderPayerData, preOrderPayerData, shippingPayerData } from '../params/shared-blocks.js';
import { billingRecipientData, p2pBillingPayerData, performParams } from './p2p-blocks.js';
import { P2P_LOGIN, P2P_PERFORMING } from './p2p-param-groups.js';
import { P2P_PATH, p2pOperation } from './p2p-operation.js';
import type { P2pServices } from './p2p-services.js';
import { performTransfer } from './perform-transfer.js';
import { performAnswerSchema } from './perform-answer-schemas.js';
import { ALL_STEPS } from '../rest/three-ds-step-schemas.js';

/** p2p-api.md performP2PByBinding.do: its table. */
export const PERFORM_P2P_BY_BINDING_PARAMS = [
  ...P2P_LOGIN,
  param('orderId', 'mandatory', text(1, 36)),
  param('captcha', 'optional', text(1, 255)),
  param('threeDSVer2MdOrder', 'conditional', text(1, 36), { note: 'when present, must be orderId' }),
  param('originalPaymentNetRefNum', 'conditional', text(1, 36)),
  param('originalSchemeTransactionId', 'conditional', text(1, 22)),
  param('mcc', 'optional', digits(4, 4), { permission: 'mcc' }),
  param('params', 'optional', performParams),
  param('shippingPayerData', 'optional', shippingPayerData),
  param('preOrderPayerData', 'optional', preOrderPayerData),
  param('orderPayerData', 'optional', orderPayerData),
  param('billingAndShippingAddressMatchIndicator', 'optional', text(1, 1)),
  param('billingPayerData', 'optional', p2pBillingPayerData),
  param('billingRecipientData', 'optional', billingRecipientData),
  param('debitTransactionReference', 'optional', text(1, 19)),
  param('transactionPurpose', 'optional', text(1, 50)),
  param('serviceProcessingType', 'optional', text(1, 50)),
  ...P2P_PERFORMING,
] as const;

export function performP2PByBinding(services: P2pServices): Operation {
  return p2pOperation({
    path: `${P2P_PATH}/performP2PByBinding.do`,
    summary:
      'Performs a transfer with stored credentials (fromCard.bindingId, toCard.bindingId) or card data',
    params: PERFORM_P2P_BY_BINDING_PARAMS,
    mutates: true,
    answer: performAnswerSchema({ steps: ALL_STEPS }),
    async handle(params, context) {
      if (params.threeDSVer2MdOrder !== undefined && params.threeDSVer2MdOrder !== params.orderId) {
        throw new Refusal('PARAM_CONFLICT', { param: 'threeDSVer2MdOrder', other: 'orderId' });
      }
      const order = await services.transferOrders.find(context.merchant, { orderId: params.orderId });
      return performTransfer(services, order, params, context);
    },
  });
}
