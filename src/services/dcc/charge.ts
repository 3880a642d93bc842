import { currencyByNumeric } from '../../domain/currencies.js';
import type { ConversionPair } from '../../domain/dcc/conversion.js';
import { parseRate } from '../../domain/dcc/decimal-rate.js';
import type { ConversionDetails } from '../../processing/acquirer/acquirer-port.js';
import type { OrderRow } from '../../store/schema.js';

type ConvertedColumns = Pick<
  OrderRow,
  'amount_minor' | 'currency' | 'dcc_uuid' | 'dcc_currency' | 'dcc_amount_minor' | 'dcc_rate'
> &
  Partial<Pick<OrderRow, 'p2p_type' | 'fee_minor'>>;

/** An order paid in the card's currency, with what its movements need to know of the conversion. */
export interface Converted {
  readonly dccUuid: string;
  readonly currency: string;
  readonly amountMinor: number;
  readonly rate: string;
  readonly pair: ConversionPair;
}

/** The order's conversion, or undefined for an order paid in its own currency. */
export function convertedOf(order: ConvertedColumns): Converted | undefined {
  if (order.dcc_uuid === null || order.dcc_currency === null || order.dcc_amount_minor === null)
    return undefined;
  const rate = parseRate(order.dcc_rate ?? '');
  const original = currencyByNumeric(order.currency);
  const card = currencyByNumeric(order.dcc_currency);
  if (rate === undefined || original === undefined || card === undefined) {
    throw new Error(`order with DCC ${order.dcc_uuid} has an unreadable rate or currency`);
  }
  return {
    dccUuid: order.dcc_uuid,
    currency: order.dcc_currency,
    amountMinor: order.dcc_amount_minor,
    rate: order.dcc_rate ?? '',
    pair: { rate, originalExponent: original.exponent, dccExponent: card.exponent },
  };
}

/** What the card is charged: the DCC amount in the card's currency when converted, else the order's. */
export function chargeOf(order: ConvertedColumns): {
  readonly amountMinor: number;
  readonly currency: string;
  readonly conversion?: ConversionDetails;
} {
  const converted = convertedOf(order);
  // A transfer debits its fee on top of the amount: 3-D Secure shows the customer that sum.
  if (order.p2p_type !== undefined && order.p2p_type !== null) {
    return { amountMinor: order.amount_minor + (order.fee_minor ?? 0), currency: order.currency };
  }
  if (converted === undefined) return { amountMinor: order.amount_minor, currency: order.currency };
  return {
    amountMinor: converted.amountMinor,
    currency: converted.currency,
    conversion: details(order, converted, order.amount_minor),
  };
}

/** The acquirer's view of one converted amount: the original side and the rate. */
export function details(
  order: Pick<OrderRow, 'currency'>,
  converted: Converted,
  originalAmountMinor: number,
): ConversionDetails {
  return {
    dccUuid: converted.dccUuid,
    originalAmountMinor,
    originalCurrency: order.currency,
    rate: converted.rate,
  };
}
