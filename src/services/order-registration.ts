import type { CallbackAddresses } from './callbacks/callback-addresses.js';
import type { OrderConversion } from '../domain/dcc/order-conversion.js';
import { conversionColumns } from '../store/order-columns.js';
import { ACTION_CODE } from '../domain/action-codes.js';
import type { Clock } from '../domain/clock.js';
import { currencyByNumeric } from '../domain/currencies.js';
import type { Language } from '../i18n/languages.js';
import { orderExpiresAtMs } from '../domain/order-lifetime.js';
import { ORDER_STATUS } from '../domain/order-status.js';
import type { RandomSource } from '../domain/random-source.js';
import { invalidParam, Refusal } from '../domain/refusals.js';
import { type GroupCommit, isUniqueViolation } from '../store-engine/index.js';
import type { OrderRepository } from '../store/order-repository.js';
import type { NewOrder } from '../store/order-columns.js';
import type { MerchantContext } from './merchant-context.js';

export interface RegisterOrderInput {
  readonly orderNumber: string;
  readonly amountMinor: number;
  readonly currency?: string;
  readonly twoPhase: boolean;
  readonly language: Language;
  readonly returnUrl: string;
  readonly failUrl?: string;
  readonly dynamicCallbackUrl?: string;
  readonly description?: string;
  readonly ip?: string;
  readonly clientId?: string;
  readonly email?: string;
  readonly postAddress?: string;
  readonly cardholderName?: string;
  readonly bindingId?: string;
  readonly sessionTimeoutSecs?: number;
  readonly expirationDateMs?: number;
  readonly features: readonly string[];
  readonly feeMinor?: number;
  readonly mcc?: number;
  readonly mvv?: string;
  readonly jsonParams?: Readonly<Record<string, string>>;
  readonly orderBundle?: unknown;
  readonly payerData?: Readonly<Record<string, unknown>>;
  readonly marketplace?: unknown;
  readonly paymentFacilitator?: unknown;
  /** Paid in the card's currency (instantPayment.do with dccData). */
  readonly conversion?: OrderConversion;
  /** A card-to-card transfer (registerP2P.do): its type and what its registration carried. */
  readonly p2p?: {
    readonly type: 'STANDARD' | 'AFT' | 'OCT';
    readonly details: Readonly<Record<string, unknown>>;
  };
}

/** A unique violation while writing an order is its number used already (errorCode 1). */
export async function refuseReusedNumber<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new Refusal('ORDER_NUMBER_DUPLICATE');
    throw error;
  }
}

export interface RegisteredOrder {
  readonly orderId: string;
  readonly formUrl: string;
}

function jsonOrNull(value: unknown): string | null {
  return value === undefined ? null : JSON.stringify(value);
}

/** register.do and registerPreAuth.do: one order row, unique per merchant and order number. */
export class OrderRegistration {
  constructor(
    private readonly orders: OrderRepository,
    private readonly writes: GroupCommit,
    private readonly clock: Clock,
    private readonly random: RandomSource,
    private readonly publicUrl: string,
    private readonly callbackAddresses: CallbackAddresses,
  ) {}

  async register(
    merchant: MerchantContext,
    caller: MerchantContext,
    input: RegisterOrderInput,
  ): Promise<RegisteredOrder> {
    const order = this.prepare(merchant, caller, input);
    await refuseReusedNumber(() => this.writes.run((db) => this.orders.insertIn(db, order)));
    const page = input.p2p === undefined ? 'payment' : 'p2p';
    return { orderId: order.id, formUrl: this.formUrl(merchant.login, input.language, order.id, page) };
  }

  /** Checks the merchant's rules (currency, MCC, lifetime) and builds the row, without writing it. */
  prepare(merchant: MerchantContext, caller: MerchantContext, input: RegisterOrderInput): NewOrder {
    const currency = input.currency ?? merchant.defaultCurrency;
    if (currencyByNumeric(currency) === undefined) throw new Refusal('CURRENCY_UNKNOWN', { currency });
    if (input.mcc !== undefined && !merchant.allowedMccs.has(input.mcc)) {
      throw new Refusal('MCC_NOT_ALLOWED', { mcc: input.mcc });
    }
    if (
      input.dynamicCallbackUrl !== undefined &&
      this.callbackAddresses.problemOf(input.dynamicCallbackUrl) !== undefined
    ) {
      throw invalidParam('dynamicCallbackUrl', 'reason.callbackAddress');
    }
    const nowMs = this.clock.nowMs();
    const expiresAtMs = orderExpiresAtMs({
      nowMs,
      expirationDateMs: input.expirationDateMs,
      sessionTimeoutSecs: input.sessionTimeoutSecs,
      merchantTimeoutSecs: merchant.sessionTimeoutSecs,
    });
    return {
      id: this.random.uuid(),
      merchant_id: merchant.id,
      registered_by_merchant_id: caller.id,
      order_number: input.orderNumber,
      amount_minor: input.amountMinor,
      currency,
      fee_minor: input.feeMinor ?? null,
      two_phase: input.twoPhase ? 1 : 0,
      status: ORDER_STATUS.registered,
      action_code: ACTION_CODE.awaitingPayment,
      created_at_ms: nowMs,
      expires_at_ms: expiresAtMs,
      updated_at_ms: nowMs,
      language: input.language,
      description: input.description ?? null,
      return_url: input.returnUrl,
      fail_url: input.failUrl ?? null,
      dynamic_callback_url: input.dynamicCallbackUrl ?? null,
      client_id: input.clientId ?? null,
      ip: input.ip ?? null,
      email: input.email ?? null,
      post_address: input.postAddress ?? null,
      cardholder_name: input.cardholderName ?? null,
      binding_id: input.bindingId ?? null,
      mcc: input.mcc ?? null,
      mvv: input.mvv ?? null,
      features: JSON.stringify(input.features),
      json_params: jsonOrNull(input.jsonParams),
      order_bundle: jsonOrNull(input.orderBundle),
      payer_data:
        input.payerData === undefined || Object.keys(input.payerData).length === 0
          ? null
          : JSON.stringify(input.payerData),
      marketplace: jsonOrNull(input.marketplace),
      payment_facilitator: jsonOrNull(input.paymentFacilitator),
      p2p_type: input.p2p?.type ?? null,
      p2p_details: input.p2p === undefined ? null : JSON.stringify(input.p2p.details),
      // Last: members written after a spread are slow on Node 20
      // (docs/history/performance-journal.md, change 10).
      ...conversionColumns(input.conversion),
    };
  }

  /**
   * The hosted page of an order, at the address the real gateway uses for payments:
   * /payment/merchants/<login>/payment_<lang>.html; transfers have theirs beside it (p2p_<lang>.html).
   */
  formUrl(
    merchantLogin: string,
    language: Language,
    orderId: string,
    page: 'payment' | 'p2p' = 'payment',
  ): string {
    return `${this.publicUrl}/payment/merchants/${encodeURIComponent(merchantLogin)}/${page}_${language}.html?mdOrder=${orderId}`;
  }
}
