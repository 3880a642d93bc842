import type { KeyObject } from 'node:crypto';
import { LANGUAGES } from '../../i18n/languages.js';
import { ORDER_STATUS } from '../../domain/order-status.js';
import { invalidParam, Refusal } from '../../domain/refusals.js';
import {
  checkCitationPresent,
  checkCredentialUse,
  citationOf,
  initiatorOf,
} from '../../domain/stored-credentials.js';
import { openSeTokenWith } from '../../services/se-token-opening.js';
import type { ThreeDsLookup } from '../../services/three-ds-lookup.js';
import type { AuthenticatedPayment } from '../../services/authenticated-payment.js';
import type { AuthenticationRequest, PaymentStep } from '../../services/payment-step.js';
import type { CardPayment } from '../../services/card-payment.js';
import type { OrderQuery } from '../../services/order-query.js';
import type { CredentialVault } from '../../services/vault/credential-vault.js';
import type { OrderRecord } from '../../domain/order-record.js';
import type { Pan } from '../../domain/pan.js';
import { defineOperation, type Operation, type OperationContext } from '../operation.js';
import { type ParamsOf, param } from '../params/param-table.js';
import { digitCode, digits, oneOf, text } from '../params/scalar-types.js';
import { dccDataBlock } from '../params/shared-blocks.js';
import { stepAnswer } from './payment-answers.js';
import { paymentAnswerSchema } from './payment-answer-schemas.js';
import type { DccOffers } from '../../services/dcc/dcc-offers.js';

export interface PaymentOrderBindingServices {
  readonly query: OrderQuery;
  readonly vault: CredentialVault;
  readonly payment: CardPayment;
  readonly authenticated: AuthenticatedPayment;
  readonly threeDs: ThreeDsLookup;
  readonly seTokenKey: () => Promise<KeyObject>;
  readonly dcc: DccOffers;
}

/** paymentOrderBinding.do as gateway-facts §6 lists it (the spec shows only part of it). */
const PARAMS = [
  param('mdOrder', 'mandatory', text(1, 36)),
  param('bindingId', 'conditional', text(1, 255), { note: 'mandatory unless seToken names the binding' }),
  param('tii', 'optional', oneOf(['F', 'U', 'R'] as const), {
    note: 'F customer-initiated (default), U merchant-initiated (one-phase), R recurring',
  }),
  param('cvc', 'optional', digitCode(3)),
  param('ip', 'optional', text(1, 39)),
  param('email', 'optional', text(1, 40)),
  param('language', 'optional', oneOf(LANGUAGES)),
  param('threeDSProtocolVersion', 'optional', oneOf(['2.1.0', '2.2.0'] as const)),
  param('seToken', 'optional', text(1, 8192), { note: 'bindingId and cvc encrypted for the gateway' }),
  param('originalPaymentNetRefNum', 'conditional', text(1, 36), { note: 'mandatory for tii U and R' }),
  param('originalPaymentDate', 'optional', digits(1, 13)),
  param('originalSchemeTransactionId', 'conditional', text(1, 22), {
    note: 'mandatory for tii U and R on network M',
  }),
  param('merchantLogin', 'optional', text(1, 255)),
  param('dccData', 'optional', dccDataBlock, {
    note: 'pay in the card currency of a dcc/calculate.do calculation; needs the permission dcc',
  }),
] as const;

/**
 * paymentOrderBinding.do: pays an order registered with a clientId using one of that client's
 * stored credentials. A customer-initiated payment (F) is authenticated with 3-D Secure when the
 * issuer asks (the 3DS Method is skipped: there is no page of the merchant's to run it in);
 * merchant-initiated ones (U, R) never are.
 */
export function paymentOrderBinding(services: PaymentOrderBindingServices): Operation {
  return defineOperation({
    path: '/payment/rest/paymentOrderBinding.do',
    encoding: 'form',
    envelope: 'instant',
    summary: 'Pays a registered order with a stored credential (binding) of its client',
    params: PARAMS,
    onBehalfParam: 'merchantLogin',
    requiredPermission: 'storedCredentials',
    mutates: true,
    // The 3DS Method is skipped here (there is no merchant page to run it in), and no app pays with a binding.
    answer: paymentAnswerSchema(['challenge', 'v1']),
    handle: (params, context) => payWithBinding(params, context, services),
  });
}

type PaymentOrderBindingParams = ParamsOf<typeof PARAMS>;

/** Pays the order with the binding named by bindingId or seToken, authenticating when it must. */
async function payWithBinding(
  params: PaymentOrderBindingParams,
  context: OperationContext,
  services: PaymentOrderBindingServices,
): Promise<object> {
  let bindingId = params.bindingId;
  let cvc = params.cvc;
  if (params.seToken !== undefined) {
    const content = await openSeTokenWith(services.seTokenKey, params.seToken, context.nowMs);
    if (
      content?.bindingId === undefined ||
      (content.mdOrder !== undefined && content.mdOrder !== params.mdOrder)
    ) {
      throw invalidParam('seToken', 'reason.seToken');
    }
    bindingId = content.bindingId;
    cvc = content.cvc ?? cvc;
  }
  if (bindingId === undefined) throw new Refusal('PARAM_MISSING', { param: 'bindingId' });
  let order = await services.query.find(context.merchant, { orderId: params.mdOrder });
  // A transfer order is made by the P2P calls only; to a purchase it is "not found", as a
  // purchase order is to them (and the payment page to a transfer order).
  if (order.p2p_type !== null) throw new Refusal('ORDER_NOT_FOUND');
  if (order.status !== ORDER_STATUS.registered || order.payment_attempt_id !== null) {
    throw new Refusal('ORDER_NOT_PAYABLE');
  }
  const tii = params.tii ?? 'F';
  const twoPhase = order.two_phase === 1;
  checkCredentialUse({
    tii,
    withBinding: true,
    twoPhase,
    clientId: order.client_id ?? undefined,
    mayUseStoredCredentials: context.merchant.permissions.has('storedCredentials'),
  });
  const binding = await services.vault.usable(context.merchant.id, bindingId, order.client_id ?? undefined);
  const citation = citationOf(params);
  checkCitationPresent(tii, binding.payment_system, citation);
  await services.vault.checkCitation(binding, citation);
  const opened = services.vault.openCard(binding);
  const card = { pan: opened.pan, expiry: opened.expiry, ...(cvc === undefined ? {} : { cvc }) };
  order = await convertedOrder(params, context, services, order, card.pan);
  const terms = { twoPhase, paymentWay: 'CARD_BINDING' as const, tii, bindingId: binding.id };
  const language = params.language ?? (order.language as (typeof LANGUAGES)[number]);
  const authenticates = !context.merchant.permissions.has('sslOnly') && initiatorOf(tii) === 'customer';
  if (!authenticates) {
    const paid = await services.payment.pay(order, { card, ...terms, requestId: context.requestId });
    return stepAnswer({ kind: 'decided', order: paid }, language, context);
  }
  return authenticateAndPay(params, context, services, { order, card, terms, language, cvc });
}

/**
 * dccData: the calculation must be this merchant's, for this card and order, live and unused; the
 * order is then paid in the card's currency.
 */
async function convertedOrder(
  params: PaymentOrderBindingParams,
  context: OperationContext,
  services: PaymentOrderBindingServices,
  order: OrderRecord,
  pan: Pan,
): Promise<OrderRecord> {
  if (params.dccData === undefined) return order;
  if (!context.merchant.permissions.has('dcc')) {
    throw new Refusal('PERMISSION_REQUIRED', { feature: 'dccData' });
  }
  const subject = {
    merchantId: context.merchant.id,
    card: pan,
    amountMinor: order.amount_minor,
    currency: order.currency,
    orderId: order.id,
  };
  const conversion = await services.dcc.accept(
    { dccUuid: params.dccData.dccUuid, dccCurrencyCode: params.dccData.dccCurrencyCode, subject },
    context.nowMs,
  );
  return services.dcc.convertOrder(order, conversion, context.nowMs);
}

/** What the paying request has settled when the customer is to be authenticated first. */
interface BindingPayment {
  readonly order: OrderRecord;
  readonly card: AuthenticationRequest['card'];
  readonly terms: AuthenticationRequest['terms'];
  readonly language: (typeof LANGUAGES)[number];
  readonly cvc: string | undefined;
}

/** 3-D Secure without the 3DS Method: when the issuer offers it, the call goes on at once. */
async function authenticateAndPay(
  params: PaymentOrderBindingParams,
  context: OperationContext,
  services: PaymentOrderBindingServices,
  { order, card, terms, language, cvc }: BindingPayment,
): Promise<object> {
  const browser = {
    acceptHeader: 'text/html',
    ip: params.ip ?? order.ip ?? context.clientIp,
    javascriptEnabled: false,
    language,
    userAgent: 'unknown',
  };
  let step: PaymentStep = await services.authenticated.start(
    order,
    {
      // The customer's email of this call goes to the issuer with the AReq (for network V it
      // is one of the two contacts 3-D Secure asks for).
      ...(params.email === undefined ? {} : { email: params.email }),
      card,
      terms,
      requestedVersion: params.threeDSProtocolVersion,
      merchantName: context.merchant.login,
      requestId: context.requestId,
    },
    browser,
  );
  if (step.kind === 'method') {
    const transaction = await services.threeDs.find(step.invitation.threeDSServerTransId);
    if (transaction === undefined) throw new Error('the 3DS transaction just written is missing');
    step = await services.authenticated.proceed(transaction, {
      merchantName: context.merchant.login,
      ...(cvc === undefined ? {} : { cvc }),
      browser,
      requestId: context.requestId,
    });
  }
  return stepAnswer(step, language, context);
}
