import type { MerchantContext } from '../../services/merchant-context.js';
import type { OrderRegistration, RegisterOrderInput } from '../../services/order-registration.js';
import { defineOperation, type Operation } from '../operation.js';
import type { ParamsOf } from '../params/param-table.js';
import { payerDataOf } from './payer-data.js';
import { REGISTER_PARAMS } from './register-params.js';

type RegisterParams = ParamsOf<typeof REGISTER_PARAMS>;

function toInput(params: RegisterParams, twoPhase: boolean, merchant: MerchantContext): RegisterOrderInput {
  const payerData = payerDataOf(params);
  return {
    orderNumber: params.orderNumber,
    amountMinor: params.amount,
    currency: params.currency,
    twoPhase,
    language: params.language ?? merchant.defaultLanguage,
    returnUrl: params.returnUrl,
    failUrl: params.failUrl,
    dynamicCallbackUrl: params.dynamicCallbackUrl,
    description: params.description,
    ip: params.ip,
    clientId: params.clientId,
    email: params.email,
    postAddress: params.postAddress,
    cardholderName: params.cardholderName,
    bindingId: params.bindingId,
    sessionTimeoutSecs: params.sessionTimeoutSecs,
    expirationDateMs: params.expirationDate,
    features: params.features ?? [],
    feeMinor: params.feeInput,
    mcc: params.mcc,
    mvv: params.mvv,
    jsonParams: params.jsonParams,
    orderBundle: params.orderBundle,
    payerData,
    marketplace: params.marketplace,
    paymentFacilitator: params.paymentFacilitator,
  };
}

/** register.do (one-phase) and registerPreAuth.do (two-phase) share the table and the response. */
function registerOperation(registration: OrderRegistration, twoPhase: boolean): Operation {
  return defineOperation({
    path: twoPhase ? '/payment/rest/registerPreAuth.do' : '/payment/rest/register.do',
    encoding: 'form',
    envelope: 'rest',
    summary: twoPhase
      ? 'Registers an order with pre-authorization (two-phase) and returns the payment page address'
      : 'Registers an order and returns the address of the hosted payment page',
    params: REGISTER_PARAMS,
    onBehalfParam: 'merchantLogin',
    requiredPermission: twoPhase ? 'preAuth' : undefined,
    mutates: true,
    async handle(params, context) {
      const order = await registration.register(
        context.merchant,
        context.caller,
        toInput(params, twoPhase, context.merchant),
      );
      // On success the real gateway answers only these two members (no errorCode).
      return { orderId: order.orderId, formUrl: order.formUrl };
    },
  });
}

export const registerOrder = (registration: OrderRegistration): Operation =>
  registerOperation(registration, false);
export const registerPreAuthOrder = (registration: OrderRegistration): Operation =>
  registerOperation(registration, true);
