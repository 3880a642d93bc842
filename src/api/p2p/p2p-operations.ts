import { currencyByNumeric } from '../../domain/currencies.js';
import { feeFor } from '../../domain/p2p/fee-plan.js';
import type { Permission } from '../../domain/permissions.js';
import { Refusal } from '../../domain/refusals.js';
import { LANGUAGES } from '../../i18n/languages.js';
import type { OrderQuery } from '../../services/order-query.js';
import type { OrderRegistration } from '../../services/order-registration.js';
import type { P2pTransfer } from '../../services/p2p/p2p-transfer.js';
import type { MerchantContext } from '../../services/merchant-context.js';
import type { OperationRepository } from '../../store/operation-repository.js';
import type { OrderRow } from '../../store/schema.js';
import { defineOperation, type Operation, type OperationContext } from '../operation.js';
import { param } from '../params/param-table.js';
import { absoluteUrl, bool, dateTime, digitCode, digits, oneOf, text } from '../params/scalar-types.js';
import {
  billingPayerData,
  orderPayerData,
  preOrderPayerData,
  shippingPayerData,
} from '../params/shared-blocks.js';
import {
  billingRecipientData,
  fromCard,
  p2pFeatures,
  performParams,
  registerParams,
  toCard,
} from './p2p-blocks.js';
import { creditedCard, debitedCard } from './p2p-cards.js';
import { p2pStatusView } from './p2p-status-view.js';

const P2P = '/payment/rest/api/p2p';

/** gateway-facts §8: the transaction type indicators of one-direction transfers. */
const TRANSACTION_TYPE_INDICATORS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'L', 'O', 'P', 'W'] as const;

const LOGIN = [
  param('username', 'mandatory', text(1, 30)),
  param('password', 'mandatory', text(1, 30)),
  param('language', 'optional', oneOf(LANGUAGES)),
] as const;

/** p2p-api.md registerP2P.do. */
export const REGISTER_P2P_PARAMS = [
  ...LOGIN,
  param('orderNumber', 'mandatory', text(1, 36)),
  param('amount', 'mandatory', digits(0, 12)),
  param('currency', 'mandatory', digitCode(3)),
  param('returnUrl', 'mandatory', absoluteUrl(512)),
  param('failUrl', 'optional', absoluteUrl(512)),
  param('orderDescription', 'optional', text(1, 600)),
  param('clientId', 'optional', text(0, 255)),
  param('merchantLogin', 'optional', text(1, 255)),
  param('dynamicCallbackUrl', 'optional', absoluteUrl(512)),
  param('sessionTimeoutSecs', 'optional', digits(1, 9)),
  param('sessionExpiredDate', 'optional', dateTime()),
  param('mcc', 'optional', digits(4, 4), { permission: 'mcc' }),
  param('bindingId', 'optional', text(1, 255)),
  param('creditBindingId', 'optional', text(0, 255)),
  param('transactionTypeIndicator', 'conditional', oneOf(TRANSACTION_TYPE_INDICATORS)),
  param('features', 'conditional', p2pFeatures, { note: 'WITHOUT_TO_CARD (AFT), WITHOUT_FROM_CARD (OCT)' }),
  param('params', 'optional', registerParams),
  param('feeInput', 'optional', digits(0, 12), { permission: 'feeInput', note: 'the fee, in minor units' }),
  param('shippingPayerData', 'optional', shippingPayerData),
  param('preOrderPayerData', 'optional', preOrderPayerData),
  param('orderPayerData', 'optional', orderPayerData),
  param('billingAndShippingAddressMatchIndicator', 'optional', text(1, 1)),
  param('billingPayerData', 'conditional', billingPayerData),
  param('billingRecipientData', 'conditional', billingRecipientData),
  param('debitMdOrder', 'optional', text(1, 36)),
  param('debitTransactionReference', 'conditional', text(1, 19)),
  param('transactionPurpose', 'optional', text(1, 50)),
  param('serviceProcessingType', 'optional', text(1, 50)),
] as const;

/** p2p-api.md verifyP2P.do. */
export const VERIFY_P2P_PARAMS = [
  ...LOGIN,
  param('orderId', 'mandatory', text(1, 36)),
  param('amount', 'optional', digits(0, 12), { note: 'when the payer changes the amount' }),
  param('mcc', 'optional', digits(4, 4), { permission: 'mcc' }),
  param('billingPayerData', 'optional', billingPayerData),
  param('billingRecipientData', 'optional', billingRecipientData),
  param('fromCard', 'conditional', fromCard),
  param('toCard', 'conditional', toCard),
] as const;

/** p2p-api.md performP2P.do: the members its examples and 3-D Secure extras show. */
export const PERFORM_P2P_PARAMS = [
  ...LOGIN,
  param('orderId', 'mandatory', text(1, 36)),
  param('amount', 'optional', digits(0, 12), { note: 'when given, must be the registered amount' }),
  param('amountInput', 'optional', digits(0, 12), { note: 'the transfer uses this amount instead' }),
  param('type', 'optional', oneOf(['STANDARD', 'WITHOUT_TO_CARD', 'WITHOUT_FROM_CARD'] as const)),
  param('ip', 'optional', text(1, 39)),
  param('email', 'optional', text(1, 40)),
  param('externalScaExemptionIndicator', 'optional', oneOf(['LVP', 'TRA'] as const), {
    permission: 'scaExemption',
  }),
  param('params', 'optional', performParams),
  param('threeDSServerTransId', 'optional', text(1, 36)),
  param('threeDSVer2FinishUrl', 'optional', absoluteUrl(512)),
  param('threeDSMethodNotificationUrl', 'optional', absoluteUrl(512)),
  param('threeDSSDK', 'optional', bool()),
  param('tii', 'optional', oneOf(['CI', 'F'] as const)),
  param('billingPayerData', 'optional', billingPayerData),
  param('billingRecipientData', 'optional', billingRecipientData),
  param('fromCard', 'mandatory', fromCard),
  param('toCard', 'mandatory', toCard),
] as const;

/** p2p-api.md getP2PStatus.do. */
export const P2P_STATUS_PARAMS = [
  ...LOGIN,
  param('orderId', 'conditional', text(1, 36)),
  param('orderNumber', 'conditional', text(1, 36)),
] as const;

export interface P2pServices {
  readonly registration: OrderRegistration;
  readonly query: OrderQuery;
  readonly transfers: P2pTransfer;
  readonly operations: OperationRepository;
}

/** A transfer order of this merchant; any other order is "not found" to the P2P calls. */
async function transferOrder(
  services: P2pServices,
  merchant: MerchantContext,
  reference: { orderId?: string | undefined; orderNumber?: string | undefined },
): Promise<OrderRow> {
  const order = await services.query.find(merchant, reference);
  if (order.p2p_type === null) throw new Refusal('ORDER_NOT_FOUND');
  return order;
}

/** The fee of a transfer: feeInput given at registration, else the merchant's plan. */
function feeOf(order: OrderRow, merchant: MerchantContext, amountMinor: number): number {
  const details = JSON.parse(order.p2p_details ?? '{}') as { feeInput?: number };
  return details.feeInput ?? feeFor(merchant.p2pFee, amountMinor);
}

function refuseOneDirection(features: readonly string[] | undefined): void {
  if (features?.includes('WITHOUT_TO_CARD') === true || features?.includes('WITHOUT_FROM_CARD') === true) {
    throw new Refusal('FEATURE_NOT_ENABLED', { param: 'features', feature: 'AFT and OCT transfers' });
  }
}

/** The P2P operations of p2p-api.md: JSON, `username`/`password`, signed on every call. */
export function p2pOperations(services: P2pServices): Operation[] {
  const register = defineOperation({
    path: `${P2P}/registerP2P.do`,
    encoding: 'json',
    envelope: 'rest',
    summary: 'Registers a card-to-card transfer order',
    params: REGISTER_P2P_PARAMS,
    onBehalfParam: 'merchantLogin',
    requiredPermission: 'p2p' satisfies Permission,
    alwaysSigned: true,
    mutates: true,
    async handle(params, context) {
      refuseOneDirection(params.features?.feature);
      if (currencyByNumeric(params.currency) === undefined) {
        throw new Refusal('CURRENCY_UNKNOWN', { currency: params.currency });
      }
      const details = Object.fromEntries(
        Object.entries({
          feeInput: params.feeInput,
          creditBindingId: params.creditBindingId,
          transactionTypeIndicator: params.transactionTypeIndicator,
          params: params.params,
          billingRecipientData: params.billingRecipientData,
        }).filter(([, value]) => value !== undefined),
      );
      const registered = await services.registration.register(context.merchant, context.caller, {
        orderNumber: params.orderNumber,
        amountMinor: params.amount,
        currency: params.currency,
        twoPhase: false,
        language: params.language ?? context.merchant.defaultLanguage,
        returnUrl: params.returnUrl,
        ...(params.failUrl === undefined ? {} : { failUrl: params.failUrl }),
        ...(params.orderDescription === undefined ? {} : { description: params.orderDescription }),
        ...(params.clientId === undefined ? {} : { clientId: params.clientId }),
        ...(params.dynamicCallbackUrl === undefined ? {} : { dynamicCallbackUrl: params.dynamicCallbackUrl }),
        ...(params.sessionTimeoutSecs === undefined ? {} : { sessionTimeoutSecs: params.sessionTimeoutSecs }),
        ...(params.sessionExpiredDate === undefined ? {} : { expirationDateMs: params.sessionExpiredDate }),
        ...(params.mcc === undefined ? {} : { mcc: params.mcc }),
        ...(params.bindingId === undefined ? {} : { bindingId: params.bindingId }),
        ...(params.feeInput === undefined ? {} : { feeMinor: params.feeInput }),
        features: [],
        payerData: Object.fromEntries(
          Object.entries({
            billingPayerData: params.billingPayerData,
            shippingPayerData: params.shippingPayerData,
            preOrderPayerData: params.preOrderPayerData,
            orderPayerData: params.orderPayerData,
          }).filter(([, value]) => value !== undefined),
        ),
        p2p: { type: 'STANDARD', details },
      });
      return {
        errorCode: '0',
        errorMessage: context.message('success'),
        orderId: registered.orderId,
        orderNumber: params.orderNumber,
      };
    },
  });

  const verify = defineOperation({
    path: `${P2P}/verifyP2P.do`,
    encoding: 'json',
    envelope: 'rest',
    summary: 'The fee of a transfer, for the cards and amount given',
    params: VERIFY_P2P_PARAMS,
    requiredPermission: 'p2p' satisfies Permission,
    alwaysSigned: true,
    async handle(params, context) {
      const order = await transferOrder(services, context.merchant, { orderId: params.orderId });
      // The cards are checked as a perform would check them; the fee does not depend on them.
      if (params.fromCard !== undefined) {
        if (params.fromCard.cardholderName === undefined) {
          throw new Refusal('PARAM_MISSING', { param: 'fromCard.cardholderName' });
        }
        debitedCard(params.fromCard, context.nowMs);
      }
      if (params.toCard !== undefined) creditedCard(params.toCard, context.nowMs);
      const amountMinor = params.amount ?? order.amount_minor;
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
    },
  });

  const perform = defineOperation({
    path: `${P2P}/performP2P.do`,
    encoding: 'json',
    envelope: 'rest',
    summary: 'Performs a transfer with the card data of both cards',
    params: PERFORM_P2P_PARAMS,
    requiredPermission: 'p2p' satisfies Permission,
    alwaysSigned: true,
    mutates: true,
    async handle(params, context) {
      if (params.type !== undefined && params.type !== 'STANDARD') {
        throw new Refusal('FEATURE_NOT_ENABLED', { param: 'type', feature: 'AFT and OCT transfers' });
      }
      if (params.threeDSSDK === true) {
        throw new Refusal('FEATURE_NOT_ENABLED', {
          param: 'threeDSSDK',
          feature: '3-D Secure in mobile apps (SDK)',
        });
      }
      const order = await transferOrder(services, context.merchant, { orderId: params.orderId });
      if (params.amount !== undefined && params.amount !== order.amount_minor) {
        throw new Refusal('PARAM_CONFLICT', { param: 'amount', other: 'orderId' });
      }
      const from = debitedCard(params.fromCard, context.nowMs);
      const to = creditedCard(params.toCard, context.nowMs);
      // 3-D Secure on the debited card lands with the next part of the P2P work.
      if (
        !context.merchant.permissions.has('sslOnly') &&
        params.externalScaExemptionIndicator === undefined
      ) {
        throw new Refusal('FEATURE_NOT_ENABLED', { param: 'fromCard', feature: '3-D Secure on transfers' });
      }
      const amountMinor = params.amountInput ?? order.amount_minor;
      const done = await services.transfers.perform(order, {
        from,
        to,
        amountMinor,
        feeMinor: feeOf(order, context.merchant, amountMinor),
      });
      return performAnswer(done, services, context);
    },
  });

  const status = defineOperation({
    path: `${P2P}/getP2PStatus.do`,
    encoding: 'json',
    envelope: 'rest',
    summary: 'The status of a transfer order, with its legs',
    params: P2P_STATUS_PARAMS,
    requiredPermission: 'p2p' satisfies Permission,
    alwaysSigned: true,
    async handle(params, context) {
      const order = await transferOrder(services, context.merchant, params);
      return p2pStatusView(order, await services.operations.operationsOf(order.id), context);
    },
  });

  return [register, verify, perform, status];
}

/** A perform's answer: `info` says how it ended, and the status resource travels as statusResponse. */
async function performAnswer(
  order: OrderRow,
  services: P2pServices,
  context: OperationContext,
): Promise<object> {
  if (order.status === 0) throw new Refusal('OPERATION_PENDING');
  const status = p2pStatusView(order, await services.operations.operationsOf(order.id), context);
  return {
    errorCode: '0',
    errorMessage: context.message('success'),
    info: context.message(order.status === 2 ? 'p2p.info.done' : 'p2p.info.declined'),
    statusResponse: status,
  };
}
