/**
 * Where conversion rates come from. The sandbox reads the operator's table; a real rate
 * provider's connector implements the same port and nothing else changes.
 */
export interface RateQuote {
  /** Decimal string: units of the card currency per unit of the original currency. */
  readonly rate: string;
  /** Decimal string: percent added to the rate for the customer. */
  readonly markupPercent: string;
}

export interface RateSource {
  quote(fromCurrency: string, toCurrency: string): Promise<RateQuote | undefined>;
}
