/**
 * The conversion an order is paid with: the calculation the customer accepted, the card currency
 * and the amount in it, and the rates as shown (decimal strings, exactly as calculated).
 */
export interface OrderConversion {
  readonly dccUuid: string;
  /** ISO 4217 numeric of the card's currency. */
  readonly currency: string;
  readonly amountMinor: number;
  /** Card-currency units per original unit, markup included: the rate every movement uses. */
  readonly rate: string;
  /** The reference rate before the markup. */
  readonly directRate: string;
  /** The markup, in percent. */
  readonly feePercent: string;
}

/** How long an offered calculation can be paid with (dcc/calculate.do and the payment page). */
export const DCC_CALCULATION_LIFETIME_MS = 15 * 60_000;

/** The euro: DCC works only for cards billed in another currency (merchant-api.md). */
export const EURO = '978';
