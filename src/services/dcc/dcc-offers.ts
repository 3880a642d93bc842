import { currencyByNumeric } from '../../domain/currencies.js';
import { toDcc } from '../../domain/dcc/conversion.js';
import { formatRate, parseMarkup, parseRate, withMarkup } from '../../domain/dcc/decimal-rate.js';
import {
  DCC_CALCULATION_LIFETIME_MS,
  EURO,
  type OrderConversion,
} from '../../domain/dcc/order-conversion.js';
import type { Pan } from '../../domain/pan.js';
import type { RandomSource } from '../../domain/random-source.js';
import { invalidParam, Refusal } from '../../domain/refusals.js';
import type { AcquirerPort } from '../../processing/acquirer/acquirer-port.js';
import type { RateSource } from '../../processing/dcc/rate-source.js';
import type { SecretBox } from '../../security/secret-box.js';
import type { DccCalculationRepository } from '../../store/dcc-repository.js';
import type { Executor, GroupCommit } from '../../store-engine/index.js';
import { conversionColumns } from '../../store/order-columns.js';
import type { OrderRepository } from '../../store/order-repository.js';
import type { DccCalculationRow, OrderRow } from '../../store/schema.js';

const AMOUNT_MINOR_MAX = 999_999_999_999;

/** What a conversion is calculated for: the card, the amount, and the order when there is one. */
export interface CalculationSubject {
  readonly merchantId: string;
  readonly card: Pan;
  readonly amountMinor: number;
  readonly currency: string;
  readonly orderId?: string;
}

/** The payment that wants to use a calculation: dccData, and the card and amount it pays. */
export interface Acceptance {
  readonly dccUuid: string;
  readonly dccCurrencyCode: string;
  readonly subject: CalculationSubject;
}

/**
 * Dynamic currency conversion offers: which cards may pay in their own currency (known billing
 * currency, not the euro, not the order's), the conversion at the operator's rate plus markup,
 * stored under its dccUuid with the card as a keyed hash; and the checks a payment with dccData
 * must pass (same merchant, card, amount, currency and order; live; unused).
 */
export class DccOffers {
  constructor(
    private readonly calculations: DccCalculationRepository,
    private readonly rates: RateSource,
    private readonly acquirer: AcquirerPort,
    private readonly box: SecretBox,
    private readonly random: RandomSource,
    private readonly orders: OrderRepository,
    private readonly writes: GroupCommit,
  ) {}

  /** A new calculation (dcc/calculate.do), or the page's live one for the same order and card. */
  async calculate(subject: CalculationSubject, nowMs: number): Promise<DccCalculationRow> {
    if (subject.orderId !== undefined) {
      const open = await this.calculations.findOpen(
        subject.merchantId,
        subject.orderId,
        this.box.hashes(subject.card.reveal()),
        nowMs,
      );
      if (open !== undefined && open.original_amount_minor === subject.amountMinor) return open;
    }
    const cardCurrency = await this.cardCurrency(subject.card, subject.currency);
    const quote = await this.rates.quote(subject.currency, cardCurrency);
    const reference = parseRate(quote?.rate ?? '');
    const markup = parseMarkup(quote?.markupPercent ?? '');
    const original = currencyByNumeric(subject.currency);
    const card = currencyByNumeric(cardCurrency);
    if (reference === undefined || markup === undefined || original === undefined || card === undefined) {
      throw new Refusal('DCC_RATE_UNAVAILABLE', {
        from: original?.alpha ?? subject.currency,
        to: card?.alpha ?? cardCurrency,
      });
    }
    const rate = withMarkup(reference, markup);
    const pair = { rate, originalExponent: original.exponent, dccExponent: card.exponent };
    const dccAmountMinor = toDcc(subject.amountMinor, pair);
    // Amounts are Integer [0..12] everywhere: a conversion past that is an amount too large.
    if (dccAmountMinor > AMOUNT_MINOR_MAX) {
      throw invalidParam('amount', 'reason.integerRange', {
        min: 0,
        max: Math.floor(AMOUNT_MINOR_MAX / Math.max(1, dccAmountMinor / subject.amountMinor)),
      });
    }
    const row: DccCalculationRow = {
      id: this.random.uuid(),
      merchant_id: subject.merchantId,
      order_id: subject.orderId ?? null,
      card_key: this.box.hash(subject.card.reveal()),
      original_amount_minor: subject.amountMinor,
      original_currency: subject.currency,
      dcc_currency: cardCurrency,
      dcc_amount_minor: dccAmountMinor,
      rate: formatRate(rate),
      direct_rate: formatRate(reference),
      fee_percent: formatRate(markup),
      created_at_ms: nowMs,
      expires_at_ms: nowMs + DCC_CALCULATION_LIFETIME_MS,
      used_at_ms: null,
    };
    await this.calculations.insert(row);
    return row;
  }

  /**
   * The card's currency when DCC may be offered for it; refused for a card billed in euro (the
   * spec), in the order's own currency, or in a currency the BIN file does not know.
   */
  async cardCurrency(card: Pan, orderCurrency: string): Promise<string> {
    const billing = await this.acquirer.cardBilling(card);
    if (billing === undefined || billing.currency === EURO || billing.currency === orderCurrency) {
      const known = billing === undefined ? undefined : currencyByNumeric(billing.currency);
      throw new Refusal('DCC_CARD_NOT_ELIGIBLE', { currency: known?.alpha ?? '?' });
    }
    return billing.currency;
  }

  /** The conversion a payment with dccData is made with, once every check passes (not yet marked used). */
  async accept(acceptance: Acceptance, nowMs: number): Promise<OrderConversion> {
    const { subject } = acceptance;
    const row = await this.calculations.find(subject.merchantId, acceptance.dccUuid);
    if (row === undefined) throw new Refusal('DCC_CALCULATION_NOT_FOUND', { dccUuid: acceptance.dccUuid });
    if (row.used_at_ms !== null) throw new Refusal('DCC_CALCULATION_USED');
    if (row.expires_at_ms <= nowMs) throw new Refusal('DCC_CALCULATION_EXPIRED');
    const mismatch = (param: string) => new Refusal('DCC_CALCULATION_MISMATCH', { param });
    if (row.dcc_currency !== acceptance.dccCurrencyCode) throw mismatch('dccData.dccCurrencyCode');
    if (!this.box.hashes(subject.card.reveal()).includes(row.card_key)) throw mismatch('pan');
    if (row.original_currency !== subject.currency) throw mismatch('currency');
    if (row.original_amount_minor !== subject.amountMinor) throw mismatch('amount');
    if (row.order_id !== null && subject.orderId !== undefined && row.order_id !== subject.orderId) {
      throw mismatch('mdOrder');
    }
    return conversionOf(row);
  }

  /** In the unit that registers the order it pays: refused when another payment used it first. */
  async markUsed(db: Executor, dccUuid: string, nowMs: number): Promise<void> {
    if (!(await this.calculations.markUsed(db, dccUuid, nowMs))) throw new Refusal('DCC_CALCULATION_USED');
  }

  /**
   * An order registered earlier is to be paid in the card's currency (the payment page,
   * paymentOrderBinding.do): the conversion is written to it and the calculation used, in one
   * unit, before the payment starts, so 3-D Secure and the authorization see the card's amount.
   */
  async convertOrder(order: OrderRow, conversion: OrderConversion, nowMs: number): Promise<OrderRow> {
    await this.writes.run(async (db) => {
      await this.markUsed(db, conversion.dccUuid, nowMs);
      if (!(await this.orders.setConversion(db, order.id, conversion, nowMs))) {
        throw new Refusal('ORDER_NOT_PAYABLE');
      }
    });
    return { ...order, ...conversionColumns(conversion), updated_at_ms: nowMs };
  }
}

export function conversionOf(row: DccCalculationRow): OrderConversion {
  return {
    dccUuid: row.id,
    currency: row.dcc_currency,
    amountMinor: row.dcc_amount_minor,
    rate: row.rate,
    directRate: row.direct_rate,
    feePercent: row.fee_percent,
  };
}
