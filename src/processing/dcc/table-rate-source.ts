import type { DccRateRepository } from '../../store/dcc-repository.js';
import type { RateQuote, RateSource } from './rate-source.js';

/** Rates from the operator's table (`gatehouse dcc rates set`, GATEHOUSE_DCC_RATES_FILE). */
export class TableRateSource implements RateSource {
  constructor(private readonly rates: DccRateRepository) {}

  async quote(fromCurrency: string, toCurrency: string): Promise<RateQuote | undefined> {
    const row = await this.rates.find(fromCurrency, toCurrency);
    return row === undefined ? undefined : { rate: row.rate, markupPercent: row.markup_percent };
  }
}
