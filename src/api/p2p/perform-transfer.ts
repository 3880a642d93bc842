import type { AppDevice } from '../../domain/three-ds-device.js';
import { networkOf } from '../../domain/card-rules.js';
import { Refusal } from '../../domain/refusals.js';
import type { LANGUAGES } from '../../i18n/languages.js';
import {
  blocksOf,
  checkOneDirectionRules,
  feeOf,
  transferTypeOfOrder,
  type TransferType,
} from '../../services/p2p/transfer-rules.js';
import type { OrderRecord } from '../../domain/order-record.js';
import type { CardForAuthorization } from '../../domain/payment-card.js';
import type { OperationContext } from '../operation.js';
import { browserData } from '../rest/browser-data.js';
import { appDeviceOf, requireAppDevice, type ThreeDsSdkParams } from '../params/three-ds-sdk.js';
import { resolveCreditedCard, resolveDebitedCard, type FromCard, type ToCard } from './p2p-cards.js';
import type { P2pServices } from './p2p-services.js';
import { performAnswer, stepReply } from './perform-answer.js';

export type PerformParams = ThreeDsSdkParams & {
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

/**
 * The app's SDK values for a perform, checked before anything is registered or moved: with
 * threeDSSDK=true, refused where apps cannot authenticate, and required when the merchant or the
 * request skips the payer's authentication whatever the card (SSL-only, an SCA exemption, an OCT
 * with no card debited), since nothing else would authenticate the payer the merchant asked for.
 */
export async function appFlowOf(
  services: Pick<P2pServices, 'threeDs'>,
  params: PerformParams,
  merchant: OperationContext['merchant'],
  type: TransferType,
): Promise<AppDevice | undefined> {
  const app = appDeviceOf(params);
  if (params.threeDSSDK !== true) return app;
  if (!(await services.threeDs.appChannelAvailable())) {
    throw new Refusal('FEATURE_NOT_ENABLED', {
      param: 'threeDSSDK',
      feature: '3-D Secure in mobile apps (SDK)',
    });
  }
  const skips =
    merchant.permissions.has('sslOnly') ||
    params.externalScaExemptionIndicator !== undefined ||
    type === 'OCT';
  return skips ? requireAppDevice(params) : app;
}

/** What `type` a perform may name for each kind of transfer. */
const TYPE_PARAM: Readonly<Record<TransferType, string>> = {
  STANDARD: 'STANDARD',
  AFT: 'WITHOUT_TO_CARD',
  OCT: 'WITHOUT_FROM_CARD',
};

/** An OCT: money to the card in toCard, nothing debited (no 3-D Secure: nobody pays by card). */
async function originalCredit(
  services: P2pServices,
  order: OrderRecord,
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
    requestId: context.requestId,
  });
  return performAnswer(done, services.transferOrders, context);
}

/** What the first call of a transfer has resolved that its repeated (3-D Secure 2) call needs too. */
interface ResolvedPerform {
  readonly from: CardForAuthorization;
  readonly app: AppDevice | undefined;
  readonly browser: ReturnType<typeof browserData>;
}

/**
 * The repeated call (threeDSServerTransId): the transaction must be this order's, and card data,
 * when sealed with it, the card being debited.
 */
async function continueTransfer(
  services: P2pServices,
  order: OrderRecord,
  transactionId: string,
  context: OperationContext,
  { from, app, browser }: ResolvedPerform,
): Promise<Record<string, unknown>> {
  const transaction = await services.threeDs.findForMerchant(context.merchant.id, transactionId);
  if (transaction?.order_id !== order.id) throw new Refusal('ORDER_NOT_FOUND');
  if (transaction.card_sealed !== null && services.threeDs.openCard(transaction).pan !== from.pan.reveal()) {
    throw new Refusal('PARAM_CONFLICT', { param: 'fromCard.pan', other: 'threeDSServerTransId' });
  }
  const step = await services.authenticated.proceed(transaction, {
    merchantName: context.merchant.login,
    ...(from.cvc === undefined ? {} : { cvc: from.cvc }),
    browser,
    ...(app === undefined ? {} : { app }),
    requestId: context.requestId,
  });
  return stepReply(step, services.transferOrders, context);
}

/**
 * Performs a transfer order: at once when the merchant skips 3-D Secure (or sends an SCA
 * exemption), else with 3-D Secure 2 on the debited card in the same steps as instantPayment.do:
 * the first call answers the 3DS Method, the repeated one (with threeDSServerTransId) transfers or
 * answers acsUrl + packedCReq; after the ACS the transfer runs and finishThreeDsVer2.do reads it.
 */
export async function performTransfer(
  services: P2pServices,
  order: OrderRecord,
  params: PerformParams,
  context: OperationContext,
): Promise<Record<string, unknown>> {
  const type = transferTypeOfOrder(order);
  if (params.type !== undefined && params.type !== TYPE_PARAM[type]) {
    throw new Refusal('PARAM_CONFLICT', { param: 'type', other: 'features' });
  }
  const app = await appFlowOf(services, params, context.merchant, type);
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
  // A card the wallet authenticated runs no 3-D Secure either.
  if (params.threeDSSDK === true && debit.authenticated === true) requireAppDevice(params);
  // A stored credential debited, or any AFT: the initiator must be said (tii CI or F).
  if ((debit.bindingId !== undefined || type === 'AFT') && params.tii === undefined) {
    throw new Refusal('PARAM_MISSING', { param: 'tii' });
  }
  if (type === 'AFT') checkOneDirectionRules(type, networkOf(from.pan.reveal()), blocksOf(order, params));
  const browser = browserData(params, context);
  if (params.threeDSServerTransId !== undefined) {
    return continueTransfer(services, order, params.threeDSServerTransId, context, { from, app, browser });
  }
  const to =
    type === 'AFT' ? undefined : await resolveCreditedCard(params.toCard, order, services, context.nowMs);
  const clientId = order.client_id ?? '';
  const stores =
    debit.bindingId === undefined &&
    debit.spends === undefined &&
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
      ...(debit.spends === undefined ? {} : { spends: debit.spends }),
      ...(params.externalScaExemptionIndicator === undefined
        ? {}
        : { exemption: params.externalScaExemptionIndicator }),
      sslOnly: context.merchant.permissions.has('sslOnly'),
      merchantName: context.merchant.login,
      finishUrl: params.threeDSVer2FinishUrl,
      merchantNotificationUrl: params.threeDSMethodNotificationUrl,
      email: params.email,
      ...(params.threeDSSDK === true ? { deviceChannel: '01' as const } : {}),
      requestId: context.requestId,
    },
    browser,
  );
  // An app that already holds the directory's key may send its SDK values at once.
  if (step.kind === 'appMethod' && app !== undefined) {
    const transaction = await services.threeDs.find(step.invitation.threeDSServerTransId);
    if (transaction === undefined) throw new Error('the 3DS transaction vanished after registration');
    const next = await services.authenticated.proceed(transaction, {
      merchantName: context.merchant.login,
      ...(from.cvc === undefined ? {} : { cvc: from.cvc }),
      browser,
      app,
      requestId: context.requestId,
    });
    return stepReply(next, services.transferOrders, context);
  }
  return stepReply(step, services.transferOrders, context);
}
