import { ORDER_STATUS } from '../../domain/order-status.js';
import type { PaymentStep } from '../../services/payment-step.js';
import type { OrderRecord } from '../../domain/order-record.js';
import type { OperationContext } from '../operation.js';
import { orderStatusLegacyView } from './order-status-view.js';

/** A payment that is paid or declined: the answer the spec's outcome table reads. */
export function decidedAnswer(paid: OrderRecord, language: string, context: OperationContext): object {
  const approved = paid.status === ORDER_STATUS.approved || paid.status === ORDER_STATUS.deposited;
  return {
    errorCode: '0',
    orderId: paid.id,
    orderNumber: paid.order_number,
    info: context.message(approved ? 'payment.approved' : 'payment.declined'),
    redirect: returnAddress(
      approved ? paid.return_url : (paid.fail_url ?? paid.return_url),
      paid.id,
      language,
    ),
    orderStatus: orderStatusLegacyView(paid, context),
  };
}

/** The answer for each step of a 3-D Secure payment (merchant-api.md, instantPayment.do response). */
export function stepAnswer(step: PaymentStep, language: string, context: OperationContext): object {
  if (step.kind === 'decided') return decidedAnswer(step.order, language, context);
  return {
    errorCode: '0',
    orderId: step.order.id,
    orderNumber: step.order.order_number,
    ...threeDsStepMembers(step, context),
    orderStatus: orderStatusLegacyView(step.order, context),
  };
}

/**
 * What a step of 3-D Secure asks the merchant to do (the 3DS Method, a 2.x challenge, a 1.0
 * redirect), in the members and order both instantPayment.do and the P2P perform calls answer with.
 */
export function threeDsStepMembers(
  step: Exclude<PaymentStep, { kind: 'decided' }>,
  context: OperationContext,
): Record<string, unknown> {
  switch (step.kind) {
    case 'method': {
      const { threeDSMethodURLServerDirect, ...invitation } = step.invitation;
      return {
        info: context.message('payment.threeDsMethod'),
        is3DSVer2: true,
        ...invitation,
        ...(context.merchant.permissions.has('threeDSMethodDirect') ? { threeDSMethodURLServerDirect } : {}),
      };
    }
    case 'challenge':
      return {
        info: context.message('payment.threeDsChallenge'),
        is3DSVer2: true,
        threeDSServerTransId: step.transactionId,
        acsUrl: step.acsUrl,
        packedCReq: step.packedCReq,
      };
    case 'v1':
      return {
        info: context.message('payment.threeDsChallenge'),
        acsUrl: step.acsUrl,
        paReq: step.paReq,
        termUrl: step.termUrl,
      };
    case 'appMethod':
      return {
        info: context.message('payment.threeDsSdk'),
        is3DSVer2: true,
        threeDSServerTransId: step.invitation.threeDSServerTransId,
        threeDSSDKKey: step.invitation.threeDSSDKKey,
      };
    case 'appChallenge':
      return {
        info: context.message('payment.threeDsSdkChallenge'),
        is3DSVer2: true,
        threeDSServerTransId: step.challenge.threeDSServerTransId,
        threeDSAcsTransactionId: step.challenge.acsTransID,
        threeDSAcsRefNumber: step.challenge.acsReferenceNumber,
        threeDSAcsSignedContent: step.challenge.acsSignedContent,
        threeDSDsTransID: step.challenge.dsTransID,
      };
  }
}

/** Appends `orderId` and `lang` as the real gateway does when it sends the customer back. */
export function returnAddress(base: string, orderId: string, language: string): string {
  const url = new URL(base);
  url.searchParams.set('orderId', orderId);
  url.searchParams.set('lang', language);
  return url.toString();
}
