import { invalidParam } from '../../domain/refusals.js';
import type { MerchantContext } from '../../services/merchant-context.js';
import type { CredentialVault } from '../../services/vault/credential-vault.js';
import type { OrderRegistration, RegisterOrderInput } from '../../services/order-registration.js';
import { described, object, TEXT } from '../answers/answer-schema.js';
import { defineOperation, type Operation } from '../operation.js';
import type { ParamsOf } from '../params/param-table.js';
import { checkForceSsl, orderInput } from './order-input.js';
import { REGISTER_PARAMS } from './register-params.js';

type RegisterParams = ParamsOf<typeof REGISTER_PARAMS>;

/** On success the real gateway answers only these two members (no errorCode). */
const REGISTER_ANSWER_SCHEMA = object(
  {
    orderId: described(TEXT, 'The gateway order id'),
    formUrl: described(TEXT, 'The address of the hosted payment page to send the customer to'),
  },
  { required: 'all' },
);

function toInput(params: RegisterParams, twoPhase: boolean, merchant: MerchantContext): RegisterOrderInput {
  return orderInput(params, {
    orderNumber: params.orderNumber,
    amountMinor: params.amount,
    currency: params.currency,
    twoPhase,
    language: params.language ?? merchant.defaultLanguage,
    ip: params.ip,
    bindingId: params.bindingId,
    feeMinor: params.feeInput,
  });
}

/** register.do (one-phase) and registerPreAuth.do (two-phase) share the table and the response. */
function registerOperation(
  registration: OrderRegistration,
  vault: CredentialVault,
  twoPhase: boolean,
): Operation {
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
    answer: REGISTER_ANSWER_SCHEMA,
    fastAnswer: true,
    async handle(params, context) {
      checkForceSsl(params.features, context.merchant);
      // A binding the order could never be paid with is refused now, not when the customer pays.
      if (
        params.bindingId !== undefined &&
        !(await vault.belongsTo(context.merchant.id, params.bindingId, params.clientId))
      ) {
        throw invalidParam('bindingId', 'reason.bindingOfClient');
      }
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

export const registerOrder = (registration: OrderRegistration, vault: CredentialVault): Operation =>
  registerOperation(registration, vault, false);
export const registerPreAuthOrder = (registration: OrderRegistration, vault: CredentialVault): Operation =>
  registerOperation(registration, vault, true);
