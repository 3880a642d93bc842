import type { OrderRegistrationRecord } from '../../domain/order-record.js';
import type { RandomSource } from '../../domain/random-source.js';
import { Refusal } from '../../domain/refusals.js';
import type { ThreeDsLookup } from '../../services/three-ds-lookup.js';
import type { AuthenticatedPayment } from '../../services/authenticated-payment.js';
import type { OrderRegistration } from '../../services/order-registration.js';
import type { WalletPayments, WalletTerms } from '../../services/wallets/wallet-payments.js';
import type { OpenedWallet, WalletTokens } from '../../services/wallets/wallet-tokens.js';
import { defineOperation, type Operation, type OperationContext } from '../operation.js';
import { generatedOrderNumber, holdSchedule, payerDataOf } from '../rest/order-input.js';
import { browserData } from '../rest/browser-data.js';
import { walletAnswer, walletStepAnswer } from './wallet-answer.js';
import { walletAnswerSchema } from './wallet-answer-schemas.js';
import {
  WALLET_A_DIRECT_PARAMS,
  WALLET_A_PAYMENT_PARAMS,
  WALLET_B_PAYMENT_PARAMS,
  WALLET_C_DIRECT_PARAMS,
  WALLET_C_PAYMENT_PARAMS,
  type WalletADirectParams,
  type WalletAPaymentParams,
  type WalletBPaymentParams,
  type WalletCPaymentParams,
} from './wallet-params.js';

export interface WalletServices {
  readonly registration: OrderRegistration;
  readonly authenticated: AuthenticatedPayment;
  readonly threeDs: ThreeDsLookup;
  readonly walletPayments: WalletPayments;
  readonly walletTokens: WalletTokens;
  readonly random: RandomSource;
}

type AnyWalletParams =
  WalletAPaymentParams | WalletADirectParams | WalletBPaymentParams | WalletCPaymentParams;

/** The token says what the customer agreed to pay: an amount or currency in the request must be the same. */
function refuseOtherTerms(
  params: { amount?: number; currencyCode?: string },
  opened: OpenedWallet,
  tokenMembers: { readonly amount: string; readonly currency: string },
): void {
  if (params.amount !== undefined && params.amount !== opened.amountMinor)
    throw new Refusal('PARAM_CONFLICT', { param: 'amount', other: `paymentToken.${tokenMembers.amount}` });
  if (params.currencyCode !== undefined && params.currencyCode !== opened.currency)
    throw new Refusal('PARAM_CONFLICT', {
      param: 'currencyCode',
      other: `paymentToken.${tokenMembers.currency}`,
    });
}

/** The token's members each wallet names its amount and currency by. */
const TOKEN_MEMBERS = {
  a: { amount: 'transactionAmount', currency: 'currencyCode' },
  c: { amount: 'amount', currency: 'currency_code' },
} as const;

/**
 * paymentDirect.do of a wallet whose payment data the merchant decrypted itself: features=VERIFY
 * stores the credential without paying, so the data's amount must be 0 (the spec's error).
 */
function directPayment(
  services: WalletServices,
  wallet: 'a' | 'c',
  summary: string,
  params: typeof WALLET_A_DIRECT_PARAMS,
): Operation {
  return defineOperation({
    path: `/payment/wallet-${wallet}/paymentDirect.do`,
    encoding: 'json',
    envelope: 'wallet',
    summary,
    params,
    onBehalfParam: 'merchant',
    mutates: true,
    answer: walletAnswerSchema(),
    async handle(request, context) {
      const opened =
        wallet === 'a'
          ? services.walletTokens.readDecryptedA(request.paymentToken, context.nowMs)
          : services.walletTokens.readDecryptedC(context.merchant.id, request.paymentToken, context.nowMs);
      const verification = request.features?.includes('VERIFY') === true;
      if (verification && opened.amountMinor !== 0) {
        throw new Refusal('PARAM_CONFLICT', {
          param: `paymentToken.${TOKEN_MEMBERS[wallet].amount}`,
          other: 'features=VERIFY',
        });
      }
      return pay(services, request, context, opened, verification);
    },
  });
}

/** preAuth, its schedule, and tii CI (a common binding, only with commonBindings: the tii table). */
function termsOf(params: AnyWalletParams, context: OperationContext, verification: boolean): WalletTerms {
  const twoPhase = params.preAuth === true;
  const { autoCompleteAtMs, autoReverseAtMs } = holdSchedule(params, twoPhase, context);
  let storeCredential: WalletTerms['storeCredential'];
  if (params.tii === 'CI' || verification) {
    if (!context.merchant.permissions.has('commonBindings')) {
      throw new Refusal('PERMISSION_REQUIRED', { feature: 'commonBindings' });
    }
    if (params.clientId === undefined || params.clientId === '') {
      throw new Refusal('PARAM_EMPTY', { param: 'clientId' });
    }
    storeCredential = { clientId: params.clientId, category: 'COMMON', email: params.email ?? null };
  }
  return {
    twoPhase,
    ...(autoCompleteAtMs === undefined ? {} : { autoCompleteAtMs }),
    ...(autoReverseAtMs === undefined ? {} : { autoReverseAtMs }),
    ...(params.tii === undefined ? {} : { tii: params.tii }),
    ...(storeCredential === undefined ? {} : { storeCredential }),
    ...(verification ? { verification } : {}),
    requestId: context.requestId,
    ...(params.externalScaExemptionIndicator === undefined
      ? {}
      : {
          secureAuth: JSON.stringify({
            threeDsType: 'EXEMPTION',
            exemption: params.externalScaExemptionIndicator,
          }),
        }),
  };
}

/** The order a verified token pays, and how: built from the request, not yet written. */
function prepared(
  services: WalletServices,
  params: AnyWalletParams,
  context: OperationContext,
  opened: OpenedWallet,
  verification: boolean,
): { order: OrderRegistrationRecord; terms: WalletTerms } {
  const terms = termsOf(params, context, verification);
  const language = params.language ?? context.merchant.defaultLanguage;
  const payerData = payerDataOf(params as Parameters<typeof payerDataOf>[0]);
  if (params.phone !== undefined) payerData.phone = params.phone;
  const order = services.registration.prepare(context.merchant, context.caller, {
    orderNumber: params.orderNumber ?? generatedOrderNumber(services.random, context.nowMs),
    amountMinor: opened.amountMinor,
    currency: opened.currency,
    twoPhase: terms.twoPhase,
    language,
    // Nobody is at a browser unless the merchant says where its customer goes.
    returnUrl: params.returnUrl ?? '',
    failUrl: params.failUrl,
    dynamicCallbackUrl: params.dynamicCallbackUrl,
    description: params.description,
    ip: params.ip ?? context.clientIp,
    clientId: params.clientId === '' ? undefined : params.clientId,
    email: params.email,
    features: verification ? ['VERIFY'] : [],
    mcc: params.mcc,
    mvv: params.mvv,
    jsonParams: params.additionalParameters,
    payerData,
    marketplace: params.marketplace,
    paymentFacilitator: params.paymentFacilitator,
  });
  return { order, terms };
}

/** Registers the order of a verified token and pays it; the answer is the wallet envelope. */
async function pay(
  services: WalletServices,
  params: AnyWalletParams,
  context: OperationContext,
  opened: OpenedWallet,
  verification = false,
): Promise<object> {
  const { order, terms } = prepared(services, params, context, opened, verification);
  const paid = await services.walletPayments.registerAndPay(order, opened.wallet, terms);
  return walletAnswer(paid, context);
}

/**
 * A wallet B PAN_ONLY token for a merchant that authenticates: the order is registered (the token
 * spent in the same unit) and 3-D Secure starts as for instantPayment.do.
 */
async function startAuthentication(
  services: WalletServices,
  params: WalletBPaymentParams,
  context: OperationContext,
  opened: OpenedWallet,
): Promise<object> {
  // The customer's browser comes back from the issuer's ACS to one of these.
  if (params.returnUrl === undefined && params.threeDSVer2FinishUrl === undefined) {
    throw new Refusal('PARAM_MISSING', { param: 'returnUrl' });
  }
  const { order, terms } = prepared(services, params, context, opened, false);
  const step = await services.authenticated.registerAndStart(
    order,
    {
      card: opened.wallet.card,
      terms: {
        twoPhase: terms.twoPhase,
        paymentWay: opened.wallet.paymentWay,
        ...(terms.autoCompleteAtMs === undefined ? {} : { autoCompleteAtMs: terms.autoCompleteAtMs }),
        ...(terms.autoReverseAtMs === undefined ? {} : { autoReverseAtMs: terms.autoReverseAtMs }),
        ...(terms.tii === undefined ? {} : { tii: terms.tii }),
        ...(terms.storeCredential === undefined ? {} : { storeCredential: terms.storeCredential }),
      },
      requestedVersion: params.threeDSProtocolVersion,
      finishUrl: params.threeDSVer2FinishUrl,
      merchantNotificationUrl: params.threeDSMethodNotificationUrl,
      merchantName: context.merchant.login,
      spends: [services.walletPayments.spendOf(opened.wallet)],
      requestId: context.requestId,
    },
    browserData(params, context),
  );
  return walletStepAnswer(step, context);
}

/**
 * The repeated request after the 3DS Method: it names the transaction and carries the same token,
 * which proves it again (there is no password) and must be the one spent on the transaction's order.
 */
async function continueAuthentication(
  services: WalletServices,
  params: WalletBPaymentParams,
  context: OperationContext,
  opened: OpenedWallet,
): Promise<object> {
  const transaction = await services.threeDs.findForMerchant(
    context.merchant.id,
    params.threeDSServerTransId ?? '',
  );
  if (transaction === undefined) throw new Refusal('ORDER_NOT_FOUND');
  const spentOn = await services.walletPayments.orderOfToken('b', opened.wallet.tokenId);
  if (spentOn !== transaction.order_id) throw new Refusal('WALLET_TOKEN_REPLAYED');
  const step = await services.authenticated.proceed(transaction, {
    merchantName: context.merchant.login,
    browser: browserData(params, context),
    amountMinor: params.amount,
    requestId: context.requestId,
  });
  return walletStepAnswer(step, context);
}

/** The operation at its spec address and at the address real clients of this family call. */
function withAliases(operation: Operation, aliases: readonly string[]): Operation[] {
  return [operation, ...aliases.map((path) => ({ ...operation, path }))];
}

/**
 * wallet-a/payment.do, wallet-a/paymentDirect.do and wallet-b/payment.do (merchant-api.md), also at
 * /payment/applepay/… and /payment/google/…, where clients of this API family call them.
 */
export function walletOperations(services: WalletServices): Operation[] {
  const walletAPayment = defineOperation({
    path: '/payment/wallet-a/payment.do',
    encoding: 'json',
    envelope: 'wallet',
    summary: 'Registers and pays an order with a wallet A token, verified and decrypted by the gateway',
    params: WALLET_A_PAYMENT_PARAMS,
    identifiedBy: 'merchant',
    mutates: true,
    answer: walletAnswerSchema(),
    async handle(params, context) {
      const opened = await services.walletTokens.openA(
        context.merchant.id,
        params.paymentToken,
        context.nowMs,
      );
      // The token says what the customer agreed to pay; an explicit amount must be the same.
      refuseOtherTerms(params, opened, TOKEN_MEMBERS.a);
      return pay(services, params, context, opened);
    },
  });
  const walletADirect = directPayment(
    services,
    'a',
    'Registers and pays an order with wallet A payment data the merchant decrypted itself',
    WALLET_A_DIRECT_PARAMS,
  );
  const walletBPayment = defineOperation({
    path: '/payment/wallet-b/payment.do',
    encoding: 'json',
    envelope: 'wallet',
    summary:
      'Registers and pays an order with a wallet B token (ECv1 or ECv2), verified and decrypted by the gateway',
    params: WALLET_B_PAYMENT_PARAMS,
    identifiedBy: 'merchant',
    mutates: true,
    // A PAN_ONLY token authenticates as instantPayment.do does; wallet tokens never use the app channel.
    answer: walletAnswerSchema(['method', 'challenge', 'v1']),
    async handle(params, context) {
      const opened = await services.walletTokens.openB(
        context.merchant,
        params.paymentToken,
        { amountMinor: params.amount, currency: params.currencyCode ?? context.merchant.defaultCurrency },
        context.nowMs,
      );
      if (params.threeDSServerTransId !== undefined) {
        return continueAuthentication(services, params, context, opened);
      }
      // An SCA exemption (its permission checked by the pipeline) pays without 3-D Secure, recorded.
      if (opened.authenticate === true && params.externalScaExemptionIndicator === undefined) {
        return startAuthentication(services, params, context, opened);
      }
      return pay(services, params, context, opened);
    },
  });
  const walletCPayment = defineOperation({
    path: '/payment/wallet-c/payment.do',
    encoding: 'json',
    envelope: 'wallet',
    summary: 'Registers and pays an order with a wallet C token (a JWE), decrypted by the gateway',
    params: WALLET_C_PAYMENT_PARAMS,
    identifiedBy: 'merchant',
    mutates: true,
    answer: walletAnswerSchema(),
    async handle(params, context) {
      const opened = await services.walletTokens.openC(
        context.merchant.id,
        params.paymentToken,
        context.nowMs,
      );
      refuseOtherTerms(params, opened, TOKEN_MEMBERS.c);
      return pay(services, params, context, opened);
    },
  });
  const walletCDirect = directPayment(
    services,
    'c',
    'Registers and pays an order with wallet C payment data the merchant decrypted itself',
    WALLET_C_DIRECT_PARAMS,
  );
  return [
    ...withAliases(walletCPayment, ['/payment/samsung/payment.do']),
    ...withAliases(walletCDirect, ['/payment/samsung/paymentDirect.do']),
    ...withAliases(walletAPayment, ['/payment/applepay/payment.do']),
    ...withAliases(walletADirect, ['/payment/applepay/paymentDirect.do']),
    ...withAliases(walletBPayment, ['/payment/google/payment.do']),
  ];
}
