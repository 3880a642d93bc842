import type { RandomSource } from '../../domain/random-source.js';
import { Refusal } from '../../domain/refusals.js';
import type { OrderRegistration } from '../../services/order-registration.js';
import type { WalletPayments, WalletTerms } from '../../services/wallets/wallet-payments.js';
import type { OpenedWallet, WalletTokens } from '../../services/wallets/wallet-tokens.js';
import { defineOperation, type Operation, type OperationContext } from '../operation.js';
import { generatedOrderNumber, holdSchedule, payerDataOf } from '../rest/order-input.js';
import { walletAnswer } from './wallet-answer.js';
import {
  WALLET_A_DIRECT_PARAMS,
  WALLET_A_PAYMENT_PARAMS,
  WALLET_B_PAYMENT_PARAMS,
  type WalletADirectParams,
  type WalletAPaymentParams,
  type WalletBPaymentParams,
} from './wallet-params.js';

export interface WalletServices {
  readonly registration: OrderRegistration;
  readonly walletPayments: WalletPayments;
  readonly walletTokens: WalletTokens;
  readonly random: RandomSource;
}

type AnyWalletParams = WalletAPaymentParams | WalletADirectParams | WalletBPaymentParams;

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
  };
}

/** Registers the order of a verified token and pays it; the answer is the wallet envelope. */
async function pay(
  services: WalletServices,
  params: AnyWalletParams,
  context: OperationContext,
  opened: OpenedWallet,
  verification = false,
): Promise<object> {
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
  const paid = await services.walletPayments.registerAndPay(order, opened.wallet, terms);
  return walletAnswer(paid, context);
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
    async handle(params, context) {
      const opened = await services.walletTokens.openA(
        context.merchant.id,
        params.paymentToken,
        context.nowMs,
      );
      return pay(services, params, context, opened);
    },
  });
  const walletADirect = defineOperation({
    path: '/payment/wallet-a/paymentDirect.do',
    encoding: 'json',
    envelope: 'wallet',
    summary: 'Registers and pays an order with wallet A payment data the merchant decrypted itself',
    params: WALLET_A_DIRECT_PARAMS,
    onBehalfParam: 'merchant',
    mutates: true,
    async handle(params, context) {
      const opened = services.walletTokens.readDecryptedA(params.paymentToken, context.nowMs);
      const verification = params.features?.includes('VERIFY') === true;
      // features=VERIFY stores the credential without paying: the token's amount must be 0 (the spec's error).
      if (verification && opened.amountMinor !== 0) {
        throw new Refusal('PARAM_CONFLICT', {
          param: 'paymentToken.transactionAmount',
          other: 'features=VERIFY',
        });
      }
      return pay(services, params, context, opened, verification);
    },
  });
  const walletBPayment = defineOperation({
    path: '/payment/wallet-b/payment.do',
    encoding: 'json',
    envelope: 'wallet',
    summary:
      'Registers and pays an order with a wallet B token (ECv1 or ECv2), verified and decrypted by the gateway',
    params: WALLET_B_PAYMENT_PARAMS,
    identifiedBy: 'merchant',
    mutates: true,
    async handle(params, context) {
      const opened = await services.walletTokens.openB(
        context.merchant,
        params.paymentToken,
        { amountMinor: params.amount, currency: params.currencyCode ?? context.merchant.defaultCurrency },
        context.nowMs,
      );
      return pay(services, params, context, opened);
    },
  });
  return [
    ...withAliases(walletAPayment, ['/payment/applepay/payment.do']),
    ...withAliases(walletADirect, ['/payment/applepay/paymentDirect.do']),
    ...withAliases(walletBPayment, ['/payment/google/payment.do']),
  ];
}
