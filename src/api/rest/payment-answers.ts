import { ORDER_STATUS } from '../../domain/order-status.js';
import type { PaymentStep } from '../../services/payment-step.js';
import type { OrderRow } from '../../store/schema.js';
import type { OperationContext } from '../operation.js';
import { BOOLEAN, object, TEXT } from '../answers/answer-schema.js';
import { ORDER_STATUS_LEGACY_SCHEMA, orderStatusLegacyView } from './order-status-view.js';

/** A payment that is paid or declined: the answer the spec's outcome table reads. */
export function decidedAnswer(paid: OrderRow, language: string, context: OperationContext): object {
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
  const base = { errorCode: '0', orderId: step.order.id, orderNumber: step.order.order_number };
  switch (step.kind) {
    case 'decided':
      return decidedAnswer(step.order, language, context);
    case 'method': {
      const { threeDSMethodURLServerDirect, ...invitation } = step.invitation;
      return {
        ...base,
        info: context.message('payment.threeDsMethod'),
        is3DSVer2: true,
        ...invitation,
        ...(context.merchant.permissions.has('threeDSMethodDirect') ? { threeDSMethodURLServerDirect } : {}),
        orderStatus: orderStatusLegacyView(step.order, context),
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
        orderStatus: orderStatusLegacyView(step.order, context),
      };
    case 'v1':
      return {
        ...base,
        info: context.message('payment.threeDsChallenge'),
        acsUrl: step.acsUrl,
        paReq: step.paReq,
        termUrl: step.termUrl,
        orderStatus: orderStatusLegacyView(step.order, context),
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

/**
 * Every step's members in one order each step keeps (decided, 3DS Method, challenge, 3-D Secure 1),
 * for the precompiled serializer.
 */
export const PAYMENT_ANSWER_SCHEMA = object({
  errorCode: TEXT,
  orderId: TEXT,
  orderNumber: TEXT,
  info: TEXT,
  redirect: TEXT,
  is3DSVer2: BOOLEAN,
  threeDSServerTransId: TEXT,
  threeDSMethodUrl: TEXT,
  threeDSMethodDataPacked: TEXT,
  threeDSMethodUrlServer: TEXT,
  threeDSMethodURLServerDirect: TEXT,
  acsUrl: TEXT,
  packedCReq: TEXT,
  paReq: TEXT,
  termUrl: TEXT,
  orderStatus: ORDER_STATUS_LEGACY_SCHEMA,
});
