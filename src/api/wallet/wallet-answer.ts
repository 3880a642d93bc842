import type { PaymentStep } from '../../services/payment-step.js';
import type { OrderRecord } from '../../domain/order-record.js';
import type { OperationContext } from '../operation.js';
import { walletOrderStatusView } from './wallet-order-status-view.js';

/**
 * A wallet payment that was processed: `success` true says only that (merchant-api.md, outcome
 * rules for wallet payment): paid when `orderStatus.orderStatus` is 1 or 2, declined otherwise.
 */
export function walletAnswer(order: OrderRecord, context: OperationContext): Record<string, unknown> {
  return {
    success: true,
    data: { orderId: order.id },
    orderStatus: walletOrderStatusView(order, context),
  };
}

/**
 * A wallet payment whose customer authenticates with 3-D Secure (a wallet B PAN_ONLY token): the
 * step rides in `data` with the members instantPayment.do answers for it
 * (docs/decisions/0081-pan-only-tokens-3-d-secure-rides-in-data.md): the 3DS Method first, then
 * `acsUrl` and `packedCReq` when the issuer asks for a challenge.
 */
export function walletStepAnswer(step: PaymentStep, context: OperationContext): Record<string, unknown> {
  if (step.kind === 'decided') return walletAnswer(step.order, context);
  const orderId = step.order.id;
  let data: Record<string, unknown>;
  switch (step.kind) {
    case 'method': {
      const { threeDSMethodURLServerDirect, ...invitation } = step.invitation;
      data = {
        orderId,
        is3DSVer2: true,
        ...invitation,
        ...(context.merchant.permissions.has('threeDSMethodDirect') ? { threeDSMethodURLServerDirect } : {}),
      };
      break;
    }
    case 'challenge':
      data = {
        orderId,
        is3DSVer2: true,
        threeDSServerTransId: step.transactionId,
        acsUrl: step.acsUrl,
        packedCReq: step.packedCReq,
      };
      break;
    case 'v1':
      data = { orderId, acsUrl: step.acsUrl, paReq: step.paReq, termUrl: step.termUrl };
      break;
    case 'appMethod':
    case 'appChallenge':
      // Wallet tokens never start the app channel: no threeDSSDK reaches a wallet payment.
      throw new Error(`a wallet payment reached the app channel step ${step.kind}`);
  }
  return { success: true, data, orderStatus: walletOrderStatusView(step.order, context) };
}
