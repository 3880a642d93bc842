import { currencyByNumeric } from '../../domain/currencies.js';
import type { Permission } from '../../domain/permissions.js';
import { Refusal } from '../../domain/refusals.js';
import { LANGUAGES } from '../../i18n/languages.js';
import type { OrderQuery } from '../../services/order-query.js';
import type { OrderRegistration } from '../../services/order-registration.js';
import type { P2pTransfer } from '../../services/p2p/p2p-transfer.js';
import type { TransferStart } from '../../services/p2p/transfer-start.js';
import type { MerchantContext } from '../../services/merchant-context.js';
import type { OperationRepository } from '../../store/operation-repository.js';
import type { OrderRow } from '../../store/schema.js';
import { defineOperation, type Operation, type OperationContext } from '../operation.js';
import { param, type ParamTable } from '../params/param-table.js';
import {
  absoluteUrl,
  bool,
  dateTime,
  digitCode,
  digits,
  integerRange,
  oneOf,
  text,
} from '../params/scalar-types.js';
import { orderPayerData, preOrderPayerData, shippingPayerData } from '../params/shared-blocks.js';
import {
  billingRecipientData,
  fromCard,
  p2pBillingPayerData,
  p2pFeatures,
  performParams,
  registerParams,
  toCard,
} from './p2p-blocks.js';
import {
  creditedCard,
  debitedCard,
  resolveCreditedCard,
  resolveDebitedCard,
  type FromCard,
  type ToCard,
  type TransferCardSources,
} from './p2p-cards.js';
import { browserData } from '../rest/browser-data.js';
import type { AuthenticatedPayment } from '../../services/authenticated-payment.js';
import type { PaymentStep } from '../../services/payment-step.js';
import type { ThreeDsServer } from '../../processing/threeds/three-ds-server.js';
import { randomInt } from 'node:crypto';
import { debitTransactionReferenceOf, p2pStatusView } from './p2p-status-view.js';
import { networkOf } from '../../domain/card-rules.js';
import { ORDER_STATUS } from '../../domain/order-status.js';
import {
  blocksOf,
  checkOneDirectionRules,
  feeOf,
  transferTypeOfOrder,
  type TransferType,
} from '../../services/p2p/transfer-rules.js';

const P2P = '/payment/rest/api/p2p';

/** gateway-facts §8: the transaction type indicators of one-direction transfers. */
const TRANSACTION_TYPE_INDICATORS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'L', 'O', 'P', 'W'] as const;

const LOGIN = [
  param('username', 'mandatory', text(1, 30)),
  param('password', 'mandatory', text(1, 30)),
  param('language', 'optional', oneOf(LANGUAGES)),
] as const;

/** What registering a transfer takes besides the login and the order number. */
const REGISTRATION = [
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
  param('billingPayerData', 'conditional', p2pBillingPayerData),
  param('billingRecipientData', 'conditional', billingRecipientData),
  param('debitMdOrder', 'optional', text(1, 36)),
  param('debitTransactionReference', 'conditional', text(1, 19)),
  param('transactionPurpose', 'optional', text(1, 50)),
  param('serviceProcessingType', 'optional', text(1, 50)),
] as const;

/** What performing a transfer takes besides the login and the order. */
const PERFORMING = [
  param('amountInput', 'optional', digits(0, 12), { note: 'the transfer uses this amount instead' }),
  param('type', 'optional', oneOf(['STANDARD', 'WITHOUT_TO_CARD', 'WITHOUT_FROM_CARD'] as const)),
  param('ip', 'optional', text(1, 39)),
  param('email', 'optional', text(1, 40)),
  param('externalScaExemptionIndicator', 'optional', oneOf(['LVP', 'TRA'] as const), {
    permission: 'scaExemption',
  }),
  param('threeDSServerTransId', 'optional', text(1, 36)),
  param('threeDSVer2FinishUrl', 'optional', absoluteUrl(512)),
  param('threeDSMethodNotificationUrl', 'optional', absoluteUrl(512)),
  param('threeDSSDK', 'optional', bool()),
  param('tii', 'conditional', oneOf(['CI', 'F'] as const), {
    note: 'mandatory with a stored credential in fromCard',
  }),
  param('bindingNotNeeded', 'optional', bool(), { note: 'do not store the debited card for clientId' }),
  param('fromCard', 'conditional', fromCard, { note: 'absent for an OCT' }),
  param('toCard', 'conditional', toCard, { note: 'absent for an AFT (replacementData aside)' }),
] as const;

/** p2p-api.md registerP2P.do. */
export const REGISTER_P2P_PARAMS = [
  ...LOGIN,
  param('orderNumber', 'mandatory', text(1, 36)),
  ...REGISTRATION,
] as const;

/** p2p-api.md verifyP2P.do. */
export const VERIFY_P2P_PARAMS = [
  ...LOGIN,
  param('orderId', 'mandatory', text(1, 36)),
  param('amount', 'optional', digits(0, 12), { note: 'when the payer changes the amount' }),
  param('mcc', 'optional', digits(4, 4), { permission: 'mcc' }),
  param('billingPayerData', 'optional', p2pBillingPayerData),
  param('billingRecipientData', 'optional', billingRecipientData),
  param('fromCard', 'conditional', fromCard),
  param('toCard', 'conditional', toCard),
] as const;

/** p2p-api.md performP2P.do: the members its examples and 3-D Secure extras show. */
export const PERFORM_P2P_PARAMS = [
  ...LOGIN,
  param('orderId', 'mandatory', text(1, 36)),
  param('amount', 'optional', digits(0, 12), { note: 'when given, must be the registered amount' }),
  param('params', 'optional', performParams),
  param('billingPayerData', 'optional', p2pBillingPayerData),
  param('billingRecipientData', 'optional', billingRecipientData),
  ...PERFORMING,
] as const;

/** p2p-api.md performP2PByBinding.do: its table. */
export const PERFORM_P2P_BY_BINDING_PARAMS = [
  ...LOGIN,
  param('orderId', 'mandatory', text(1, 36)),
  param('captcha', 'optional', text(1, 255)),
  param('threeDSSDKEncData', 'optional', text(1, 65_536)),
  param('threeDSSDKReferenceNumber', 'optional', text(1, 255)),
  param('threeDSSDKEphemPubKey', 'optional', text(1, 4096)),
  param('threeDSSDKAppId', 'optional', text(1, 255)),
  param('threeDSSDKTransId', 'optional', text(1, 255)),
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
  ...PERFORMING,
] as const;

/** p2p-api.md verifyP2PByBinding.do. */
export const VERIFY_P2P_BY_BINDING_PARAMS = [
  ...LOGIN,
  param('orderId', 'mandatory', text(1, 36)),
  param('mcc', 'optional', digits(4, 4), { permission: 'mcc' }),
  param('fromCard', 'mandatory', fromCard),
  param('toCard', 'mandatory', toCard),
] as const;

/** finishThreeDsVer2.do: its parameters are "not shown"; docs/decisions.md names these. */
export const FINISH_P2P_PARAMS = [
  ...LOGIN,
  param('threeDSServerTransId', 'mandatory', text(1, 36)),
  param('orderId', 'optional', text(1, 36)),
] as const;

/** p2p-api.md instantPerformP2P.do: registration and perform parameters in one call. */
export const INSTANT_P2P_PARAMS = [
  ...LOGIN,
  param('orderNumber', 'optional', text(1, 36), { note: 'generated when absent' }),
  ...REGISTRATION,
  ...PERFORMING,
] as const;

/** p2p-api.md getP2PStatus.do. */
export const P2P_STATUS_PARAMS = [
  ...LOGIN,
  param('orderId', 'conditional', text(1, 36)),
  param('orderNumber', 'conditional', text(1, 36)),
  param('version', 'optional', integerRange(1, 99), {
    note: 'members of later versions (binding 3, paymentNetRefNum 7) are left out below theirs; default: all',
  }),
] as const;

export interface P2pServices extends TransferCardSources {
  readonly registration: OrderRegistration;
  readonly query: OrderQuery;
  readonly transfers: P2pTransfer;
  readonly operations: OperationRepository;
  readonly authenticated: AuthenticatedPayment;
  readonly transferStart: TransferStart;
  readonly threeDs: ThreeDsServer;
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

/**
 * The kind of transfer the features ask for (p2p-api.md): WITHOUT_TO_CARD an AFT (permission aft,
 * OCT_EXPECTED announcing a later OCT), WITHOUT_FROM_CARD an OCT (permission oct), neither a
 * two-card transfer. One-direction transfers need their transactionTypeIndicator.
 */
function transferTypeOf(
  params: {
    readonly features?: { readonly feature: readonly string[] } | undefined;
    readonly transactionTypeIndicator?: string | undefined;
  },
  merchant: MerchantContext,
): TransferType {
  const features = params.features?.feature ?? [];
  const aft = features.includes('WITHOUT_TO_CARD');
  const oct = features.includes('WITHOUT_FROM_CARD');
  if (aft && oct)
    throw new Refusal('PARAM_CONFLICT', { param: 'WITHOUT_TO_CARD', other: 'WITHOUT_FROM_CARD' });
  if (features.includes('OCT_EXPECTED') && !aft) {
    throw new Refusal('PARAM_CONFLICT', { param: 'OCT_EXPECTED', other: 'WITHOUT_FROM_CARD' });
  }
  const type: TransferType = aft ? 'AFT' : oct ? 'OCT' : 'STANDARD';
  if (type === 'STANDARD') return type;
  const permission: Permission = aft ? 'aft' : 'oct';
  if (!merchant.permissions.has(permission))
    throw new Refusal('PERMISSION_REQUIRED', { feature: 'features' });
  if (params.transactionTypeIndicator === undefined) {
    throw new Refusal('PARAM_MISSING', { param: 'transactionTypeIndicator' });
  }
  return type;
}

/**
 * An OCT that follows an AFT names it (debitMdOrder): a made AFT of this merchant. When that AFT
 * has a network reference (network M), the OCT must carry it as debitTransactionReference.
 */
async function checkFundingOrder(
  services: P2pServices,
  merchant: MerchantContext,
  params: {
    readonly debitMdOrder?: string | undefined;
    readonly debitTransactionReference?: string | undefined;
  },
): Promise<void> {
  if (params.debitMdOrder === undefined) return;
  const funding = await services.query.find(merchant, { orderId: params.debitMdOrder });
  if (funding.p2p_type !== 'AFT' || funding.status !== ORDER_STATUS.deposited)
    throw new Refusal('ORDER_NOT_FOUND');
  const legs = await services.operations.operationsOf(funding.id);
  const reference = debitTransactionReferenceOf(funding, legs);
  if (reference === undefined) return;
  if (params.debitTransactionReference === undefined) {
    throw new Refusal('PARAM_MISSING', { param: 'debitTransactionReference' });
  }
  if (params.debitTransactionReference !== reference) {
    throw new Refusal('PARAM_CONFLICT', { param: 'debitTransactionReference', other: 'debitMdOrder' });
  }
}

/** What every P2P operation is: JSON, answered in the REST envelope, permission p2p, always signed. */
function p2pOperation<const Table extends ParamTable>(
  operation: Omit<Operation<Table>, 'encoding' | 'envelope' | 'requiredPermission' | 'alwaysSigned'>,
): Operation {
  return defineOperation({
    ...operation,
    encoding: 'json',
    envelope: 'rest',
    requiredPermission: 'p2p' satisfies Permission,
    alwaysSigned: true,
  });
}

/** The P2P operations of p2p-api.md: JSON, `username`/`password`, signed on every call. */
export function p2pOperations(services: P2pServices): Operation[] {
  const register = p2pOperation({
    path: `${P2P}/registerP2P.do`,
    summary: 'Registers a card-to-card transfer order',
    params: REGISTER_P2P_PARAMS,
    onBehalfParam: 'merchantLogin',
    mutates: true,
    async handle(params, context) {
      const type = transferTypeOf(params, context.merchant);
      if (type === 'OCT') await checkFundingOrder(services, context.merchant, params);
      const registered = await services.registration.register(
        context.merchant,
        context.caller,
        registrationOf(params, context, type),
      );
      return {
        errorCode: '0',
        errorMessage: context.message('success'),
        formUrl: registered.formUrl,
        orderId: registered.orderId,
        orderNumber: params.orderNumber,
      };
    },
  });

  const verify = p2pOperation({
    path: `${P2P}/verifyP2P.do`,
    summary: 'The fee of a transfer, for the cards and amount given',
    params: VERIFY_P2P_PARAMS,
    async handle(params, context) {
      const order = await transferOrder(services, context.merchant, { orderId: params.orderId });
      // The cards are checked as a perform would check them; the fee does not depend on them.
      if (params.fromCard !== undefined) {
        if (params.fromCard.cardholderName === undefined) {
          throw new Refusal('PARAM_MISSING', { param: 'fromCard.cardholderName' });
        }
        // A wallet token is only opened (and spent) by the transfer itself.
        if (params.fromCard.paymentToken === undefined) {
          await resolveDebitedCard(params.fromCard, order, services, context.nowMs);
        }
      }
      if (params.toCard !== undefined)
        await resolveCreditedCard(params.toCard, order, services, context.nowMs);
      return feeAnswer(order, context, params.amount ?? order.amount_minor);
    },
  });

  const perform = p2pOperation({
    path: `${P2P}/performP2P.do`,
    summary: 'Performs a transfer with the card data of both cards',
    params: PERFORM_P2P_PARAMS,
    mutates: true,
    async handle(params, context) {
      const order = await transferOrder(services, context.merchant, { orderId: params.orderId });
      if (params.amount !== undefined && params.amount !== order.amount_minor) {
        throw new Refusal('PARAM_CONFLICT', { param: 'amount', other: 'orderId' });
      }
      return transfer(services, order, params, context);
    },
  });

  const finish = p2pOperation({
    path: `${P2P}/finishThreeDsVer2.do`,
    summary: 'After the ACS: the result of a transfer whose debited card was authenticated',
    params: FINISH_P2P_PARAMS,
    mutates: true,
    async handle(params, context) {
      const transaction = await services.threeDs.findForMerchant(
        context.merchant.id,
        params.threeDSServerTransId,
      );
      if (transaction === undefined) throw new Refusal('ORDER_NOT_FOUND');
      if (params.orderId !== undefined && params.orderId !== transaction.order_id) {
        throw new Refusal('PARAM_CONFLICT', { param: 'orderId', other: 'threeDSServerTransId' });
      }
      const order = await transferOrder(services, context.merchant, { orderId: transaction.order_id });
      // The transfer runs as soon as the ACS's result arrives; this call reads how it ended.
      return performAnswer(order, services, context);
    },
  });

  const instant = p2pOperation({
    path: `${P2P}/instantPerformP2P.do`,
    summary: 'Registers a transfer and performs it in one call',
    params: INSTANT_P2P_PARAMS,
    onBehalfParam: 'merchantLogin',
    mutates: true,
    async handle(params, context) {
      const type = transferTypeOf(params, context.merchant);
      if (params.threeDSServerTransId !== undefined) {
        const transaction = await services.threeDs.findForMerchant(
          context.merchant.id,
          params.threeDSServerTransId,
        );
        if (transaction === undefined) throw new Refusal('ORDER_NOT_FOUND');
        const order = await transferOrder(services, context.merchant, { orderId: transaction.order_id });
        return {
          ...(await transfer(services, order, params, context)),
          orderId: order.id,
          orderNumber: order.order_number,
        };
      }
      // Card data is checked before anything is registered (stored cards need the order's client).
      if (type !== 'OCT' && params.fromCard?.pan !== undefined) debitedCard(params.fromCard, context.nowMs);
      if (type !== 'AFT' && params.toCard?.pan !== undefined) creditedCard(params.toCard, context.nowMs);
      if (type === 'OCT') await checkFundingOrder(services, context.merchant, params);
      const registered = await services.registration.register(
        context.merchant,
        context.caller,
        registrationOf(
          { ...params, orderNumber: params.orderNumber ?? generatedNumber(context.nowMs) },
          context,
          type,
        ),
      );
      const order = await transferOrder(services, context.merchant, { orderId: registered.orderId });
      const answer = await transfer(services, order, params, context);
      return { ...answer, orderId: order.id, orderNumber: order.order_number };
    },
  });

  const performByBinding = p2pOperation({
    path: `${P2P}/performP2PByBinding.do`,
    summary:
      'Performs a transfer with stored credentials (fromCard.bindingId, toCard.bindingId) or card data',
    params: PERFORM_P2P_BY_BINDING_PARAMS,
    mutates: true,
    async handle(params, context) {
      if (params.threeDSVer2MdOrder !== undefined && params.threeDSVer2MdOrder !== params.orderId) {
        throw new Refusal('PARAM_CONFLICT', { param: 'threeDSVer2MdOrder', other: 'orderId' });
      }
      const order = await transferOrder(services, context.merchant, { orderId: params.orderId });
      return transfer(services, order, params, context);
    },
  });

  const verifyByBinding = p2pOperation({
    path: `${P2P}/verifyP2PByBinding.do`,
    summary: 'The fee of a transfer by stored credentials',
    params: VERIFY_P2P_BY_BINDING_PARAMS,
    async handle(params, context) {
      const order = await transferOrder(services, context.merchant, { orderId: params.orderId });
      // The cards must be ones this transfer could use: the client's stored card, the recipient's.
      if (params.fromCard.paymentToken === undefined) {
        await resolveDebitedCard(params.fromCard, order, services, context.nowMs);
      }
      await resolveCreditedCard(params.toCard, order, services, context.nowMs);
      return feeAnswer(order, context, order.amount_minor);
    },
  });

  const status = p2pOperation({
    path: `${P2P}/getP2PStatus.do`,
    summary: 'The status of a transfer order, with its legs',
    params: P2P_STATUS_PARAMS,
    async handle(params, context) {
      const order = await transferOrder(services, context.merchant, params);
      return p2pStatusView(order, await services.operations.operationsOf(order.id), context, params.version);
    },
  });

  return [register, verify, verifyByBinding, perform, performByBinding, instant, finish, status];
}

type RegistrationParams = {
  readonly orderNumber: string;
  readonly amount: number;
  readonly currency: string;
  readonly returnUrl: string;
  readonly failUrl?: string | undefined;
  readonly orderDescription?: string | undefined;
  readonly clientId?: string | undefined;
  readonly dynamicCallbackUrl?: string | undefined;
  readonly sessionTimeoutSecs?: number | undefined;
  readonly sessionExpiredDate?: number | undefined;
  readonly mcc?: number | undefined;
  readonly bindingId?: string | undefined;
  readonly feeInput?: number | undefined;
  readonly creditBindingId?: string | undefined;
  readonly transactionTypeIndicator?: string | undefined;
  readonly features?: { readonly feature: readonly string[] } | undefined;
  readonly debitMdOrder?: string | undefined;
  readonly debitTransactionReference?: string | undefined;
  readonly transactionPurpose?: string | undefined;
  readonly serviceProcessingType?: string | undefined;
  readonly params?: readonly { name: string; value: string }[] | undefined;
  readonly billingPayerData?: unknown;
  readonly billingRecipientData?: unknown;
  readonly shippingPayerData?: unknown;
  readonly preOrderPayerData?: unknown;
  readonly orderPayerData?: unknown;
  readonly language?: (typeof LANGUAGES)[number] | undefined;
};

function present(entries: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined));
}

/** What registerP2P.do (and instantPerformP2P.do) register: an order, with what a transfer adds. */
function registrationOf(params: RegistrationParams, context: OperationContext, type: TransferType) {
  if (currencyByNumeric(params.currency) === undefined) {
    throw new Refusal('CURRENCY_UNKNOWN', { currency: params.currency });
  }
  return {
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
    payerData: present({
      billingPayerData: params.billingPayerData,
      shippingPayerData: params.shippingPayerData,
      preOrderPayerData: params.preOrderPayerData,
      orderPayerData: params.orderPayerData,
    }),
    p2p: {
      type,
      details: present({
        feeInput: params.feeInput,
        creditBindingId: params.creditBindingId,
        transactionTypeIndicator: params.transactionTypeIndicator,
        features: params.features?.feature,
        params: params.params,
        billingRecipientData: params.billingRecipientData,
        debitMdOrder: params.debitMdOrder,
        debitTransactionReference: params.debitTransactionReference,
        transactionPurpose: params.transactionPurpose,
        serviceProcessingType: params.serviceProcessingType,
      }),
    },
  };
}

/** An order number for instantPerformP2P.do when the merchant gives none: time and randomness. */
function generatedNumber(nowMs: number): string {
  return `${nowMs}${randomInt(0, 1_000_000).toString().padStart(6, '0')}`;
}

type PerformParams = {
  readonly amountInput?: number | undefined;
  readonly bindingNotNeeded?: boolean | undefined;
  readonly type?: string | undefined;
  readonly threeDSSDK?: boolean | undefined;
  readonly threeDSServerTransId?: string | undefined;
  readonly threeDSVer2FinishUrl?: string | undefined;
  readonly threeDSMethodNotificationUrl?: string | undefined;
  readonly externalScaExemptionIndicator?: string | undefined;
  readonly ip?: string | undefined;
  readonly email?: string | undefined;
  readonly language?: (typeof LANGUAGES)[number] | undefined;
  readonly tii?: 'CI' | 'F' | undefined;
  readonly fromCard?: FromCard | undefined;
  readonly toCard?: ToCard | undefined;
  readonly billingPayerData?: unknown;
  readonly billingRecipientData?: unknown;
};

/** What `type` a perform may name for each kind of transfer. */
const TYPE_PARAM: Readonly<Record<TransferType, string>> = {
  STANDARD: 'STANDARD',
  AFT: 'WITHOUT_TO_CARD',
  OCT: 'WITHOUT_FROM_CARD',
};

/** An OCT: money to the card in toCard, nothing debited (no 3-D Secure: nobody pays by card). */
async function originalCredit(
  services: P2pServices,
  order: OrderRow,
  params: PerformParams,
  context: OperationContext,
): Promise<Record<string, unknown>> {
  if (params.fromCard !== undefined) {
    throw new Refusal('PARAM_CONFLICT', { param: 'fromCard', other: 'WITHOUT_FROM_CARD' });
  }
  const to = await resolveCreditedCard(params.toCard, order, services, context.nowMs);
  checkOneDirectionRules('OCT', networkOf(to.pan.reveal()), blocksOf(order, params));
  const amountMinor = params.amountInput ?? order.amount_minor;
  const done = await services.transfers.perform(order, {
    to,
    amountMinor,
    feeMinor: feeOf(order, context.merchant, amountMinor),
  });
  return performAnswer(done, services, context);
}

/**
 * Performs a transfer order: at once when the merchant skips 3-D Secure (or sends an SCA
 * exemption), else with 3-D Secure 2 on the debited card in the same steps as instantPayment.do:
 * the first call answers the 3DS Method, the repeated one (with threeDSServerTransId) transfers or
 * answers acsUrl + packedCReq; after the ACS the transfer runs and finishThreeDsVer2.do reads it.
 */
async function transfer(
  services: P2pServices,
  order: OrderRow,
  params: PerformParams,
  context: OperationContext,
): Promise<Record<string, unknown>> {
  const type = transferTypeOfOrder(order);
  if (params.type !== undefined && params.type !== TYPE_PARAM[type]) {
    throw new Refusal('PARAM_CONFLICT', { param: 'type', other: 'features' });
  }
  if (params.threeDSSDK === true) {
    throw new Refusal('FEATURE_NOT_ENABLED', {
      param: 'threeDSSDK',
      feature: '3-D Secure in mobile apps (SDK)',
    });
  }
  if (type === 'OCT' && params.tii !== undefined) {
    throw new Refusal('PARAM_CONFLICT', { param: 'tii', other: 'WITHOUT_FROM_CARD' });
  }
  if (type === 'OCT') return originalCredit(services, order, params, context);
  const amountMinor = params.amountInput ?? order.amount_minor;
  const feeMinor = feeOf(order, context.merchant, amountMinor);
  const debit = await resolveDebitedCard(params.fromCard, order, services, context.nowMs, {
    merchant: context.merchant,
    debitMinor: amountMinor + feeMinor,
  });
  const from = debit.card;
  // A stored credential debited, or any AFT: the initiator must be said (tii CI or F).
  if ((debit.bindingId !== undefined || type === 'AFT') && params.tii === undefined) {
    throw new Refusal('PARAM_MISSING', { param: 'tii' });
  }
  if (type === 'AFT') checkOneDirectionRules(type, networkOf(from.pan.reveal()), blocksOf(order, params));
  const browser = browserData(params, context);
  if (params.threeDSServerTransId !== undefined) {
    const transaction = await services.threeDs.findForMerchant(
      context.merchant.id,
      params.threeDSServerTransId,
    );
    if (transaction?.order_id !== order.id) throw new Refusal('ORDER_NOT_FOUND');
    if (
      transaction.card_sealed !== null &&
      services.threeDs.openCard(transaction).pan !== from.pan.reveal()
    ) {
      throw new Refusal('PARAM_CONFLICT', { param: 'fromCard.pan', other: 'threeDSServerTransId' });
    }
    const step = await services.authenticated.proceed(transaction, {
      merchantName: context.merchant.login,
      ...(from.cvc === undefined ? {} : { cvc: from.cvc }),
      browser,
    });
    return stepReply(step, services, context);
  }
  const to =
    type === 'AFT' ? undefined : await resolveCreditedCard(params.toCard, order, services, context.nowMs);
  const clientId = order.client_id ?? '';
  const stores =
    debit.bindingId === undefined &&
    debit.intent === undefined &&
    clientId !== '' &&
    params.bindingNotNeeded !== true &&
    context.merchant.permissions.has('storedCredentials');
  const credential = {
    ...(debit.bindingId === undefined ? {} : { bindingId: debit.bindingId }),
    ...(params.tii === undefined ? {} : { tii: params.tii }),
    ...(stores
      ? { storeCredential: { clientId, category: 'COMMON' as const, email: params.email ?? null } }
      : {}),
  };
  const step = await services.transferStart.start(
    order,
    {
      from,
      ...(to === undefined ? {} : { to }),
      amountMinor,
      feeMinor,
      ...credential,
      ...(debit.authentication === undefined ? {} : { authentication: debit.authentication }),
      ...(debit.secureAuth === undefined ? {} : { secureAuth: debit.secureAuth }),
      ...(debit.authenticated === undefined ? {} : { authenticated: debit.authenticated }),
      ...(debit.intent === undefined ? {} : { intent: debit.intent }),
      ...(params.externalScaExemptionIndicator === undefined
        ? {}
        : { exemption: params.externalScaExemptionIndicator }),
      sslOnly: context.merchant.permissions.has('sslOnly'),
      merchantName: context.merchant.login,
      finishUrl: params.threeDSVer2FinishUrl,
      merchantNotificationUrl: params.threeDSMethodNotificationUrl,
      email: params.email,
    },
    browser,
  );
  return stepReply(step, services, context);
}

/** The reply for a step of 3-D Secure on the debited card (performP2P.do's 3-D Secure 2 members). */
async function stepReply(
  step: PaymentStep,
  services: P2pServices,
  context: OperationContext,
): Promise<Record<string, unknown>> {
  const base = { errorCode: '0', errorMessage: context.message('success') };
  switch (step.kind) {
    case 'decided':
      return performAnswer(step.order, services, context);
    case 'method': {
      const { threeDSMethodURLServerDirect, ...invitation } = step.invitation;
      return {
        ...base,
        info: context.message('payment.threeDsMethod'),
        is3DSVer2: true,
        ...invitation,
        ...(context.merchant.permissions.has('threeDSMethodDirect') ? { threeDSMethodURLServerDirect } : {}),
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
      };
    case 'v1':
      return {
        ...base,
        info: context.message('payment.threeDsChallenge'),
        acsUrl: step.acsUrl,
        paReq: step.paReq,
        termUrl: step.termUrl,
      };
  }
}

/** verifyP2P.do's reply: the fee of a transfer of `amountMinor`, in the order currency. */
function feeAnswer(order: OrderRow, context: OperationContext, amountMinor: number): Record<string, unknown> {
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

/** A perform's answer: `info` says how it ended, and the status resource travels as statusResponse. */
async function performAnswer(
  order: OrderRow,
  services: P2pServices,
  context: OperationContext,
): Promise<Record<string, unknown>> {
  if (order.status === 0 || order.status === 5) throw new Refusal('OPERATION_PENDING');
  const status = p2pStatusView(order, await services.operations.operationsOf(order.id), context);
  const reference = status.debitTransactionReference;
  return {
    errorCode: '0',
    errorMessage: context.message('success'),
    info: context.message(order.status === 2 ? 'p2p.info.done' : 'p2p.info.declined'),
    ...(reference === undefined
      ? {}
      : { mcTransactionReference: reference, debitTransactionReference: reference }),
    statusResponse: status,
  };
}
