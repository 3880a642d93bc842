import { randomInt } from 'node:crypto';
import { currencyByNumeric } from '../../domain/currencies.js';
import { Refusal } from '../../domain/refusals.js';
import type { LANGUAGES } from '../../i18n/languages.js';
import type { TransferType } from '../../services/p2p/transfer-rules.js';
import type { OperationContext } from '../operation.js';

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
export function registrationOf(params: RegistrationParams, context: OperationContext, type: TransferType) {
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
export function generatedOrderNumber(nowMs: number): string {
  return `${nowMs}${randomInt(0, 1_000_000).toString().padStart(6, '0')}`;
}
