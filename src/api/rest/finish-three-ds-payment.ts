import { ORDER_STATUS } from '../../domain/order-status.js';
import { Refusal } from '../../domain/refusals.js';
import { LANGUAGES } from '../../i18n/languages.js';
import type { ThreeDsLookup } from '../../services/three-ds-lookup.js';
import type { AuthenticatedPayment } from '../../services/authenticated-payment.js';
import { defineOperation, type Operation } from '../operation.js';
import { param } from '../params/param-table.js';
import { oneOf, text } from '../params/scalar-types.js';
import { returnAddress } from './payment-answers.js';
import { FINISH_THREE_DS_ANSWER_SCHEMA } from './payment-answer-schemas.js';

export interface FinishThreeDsServices {
  readonly threeDs: ThreeDsLookup;
  readonly authenticated: AuthenticatedPayment;
}

/**
 * The two names client libraries use (gateway-facts §7.2): finish3dsVer2Payment.do with
 * threeDSServerTransId, and finish3dsVer2.do with tDsTransId.
 */
const VARIANTS = {
  payment: { path: '/payment/rest/finish3dsVer2Payment.do', idParam: 'threeDSServerTransId' },
  short: { path: '/payment/rest/finish3dsVer2.do', idParam: 'tDsTransId' },
} as const;

function finishParams<N extends string>(idParam: N) {
  return [
    param(idParam, 'mandatory', text(1, 36)),
    param('threeDSVer2MdOrder', 'optional', text(1, 36), {
      note: 'when given, must be the order of the transaction',
    }),
    param('merchantLogin', 'optional', text(1, 255)),
    param('language', 'optional', oneOf(LANGUAGES)),
  ] as const;
}

/**
 * finish3dsVer2Payment.do (and finish3dsVer2.do): completes a 3-D Secure 2 payment after the ACS.
 * For an app (threeDSSDK) this is what pays: the SDK's challenge ended at the ACS, whose RReq
 * decides. For a browser it reads the outcome the CRes already brought. The reply is the one
 * gateway-facts §7.2 shows: where the customer goes, errorCode, is3DSVer2.
 */
export function finishThreeDsPayment(
  services: FinishThreeDsServices,
  variant: keyof typeof VARIANTS = 'payment',
): Operation {
  const { path, idParam } = VARIANTS[variant];
  return defineOperation({
    path,
    encoding: 'form',
    envelope: 'rest',
    summary:
      'Completes a 3-D Secure 2 payment after the ACS (the app channel pays here) and answers where the customer goes',
    params: finishParams(idParam),
    onBehalfParam: 'merchantLogin',
    mutates: true,
    answer: FINISH_THREE_DS_ANSWER_SCHEMA,
    async handle(params, context) {
      const id = (params as Record<string, unknown>)[idParam] as string;
      const transaction = await services.threeDs.findForMerchant(context.merchant.id, id);
      if (transaction === undefined || transaction.protocol !== '2') throw new Refusal('ORDER_NOT_FOUND');
      if (params.threeDSVer2MdOrder !== undefined && params.threeDSVer2MdOrder !== transaction.order_id) {
        throw new Refusal('PARAM_CONFLICT', { param: 'threeDSVer2MdOrder', other: idParam });
      }
      const order = await services.authenticated.finish(transaction, context.requestId);
      const approved = order.status === ORDER_STATUS.approved || order.status === ORDER_STATUS.deposited;
      const language = params.language ?? order.language;
      return {
        redirect: returnAddress(
          approved ? order.return_url : (order.fail_url ?? order.return_url),
          order.id,
          language,
        ),
        errorCode: '0',
        is3DSVer2: true,
      };
    },
  });
}
