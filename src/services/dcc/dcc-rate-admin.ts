import { currencyByNumeric } from '../../domain/currencies.js';
import { formatRate, parseMarkup, parseRate } from '../../domain/dcc/decimal-rate.js';
import type { Clock } from '../../domain/clock.js';
import type { DccRateRepository } from '../../store/dcc-repository.js';
import type { DccRateRow } from '../../store/schema.js';

export class DccRateError extends Error {
  override readonly name = 'DccRateError';
}

export interface RateEntry {
  readonly from: string;
  readonly to: string;
  readonly rate: string;
  readonly markup?: string;
}

/**
 * The operator's DCC rate table: `gatehouse dcc rates set|list` and GATEHOUSE_DCC_RATES_FILE.
 * Every value is checked before anything is written, and kept as the decimal string it was given
 * (normalized), never as a binary float.
 */
export class DccRateAdmin {
  constructor(
    private readonly rates: DccRateRepository,
    private readonly clock: Clock,
  ) {}

  async set(entry: RateEntry): Promise<DccRateRow> {
    const row = this.checked(entry);
    await this.rates.set(row);
    return row;
  }

  list(): Promise<DccRateRow[]> {
    return this.rates.list();
  }

  /**
   * Loads a rates file: one pair per line, `from,to,rate[,markup]` with ISO 4217 numeric codes
   * (`978,840,1.0832,3.5`); blank lines and lines starting with # are skipped. A text format, so
   * a rate is never read through a float. All lines are checked first: a bad file changes nothing.
   */
  async loadFile(text: string): Promise<number> {
    const rows = text
      .split(/\r?\n/)
      .map((line, index) => ({ line: line.trim(), number: index + 1 }))
      .filter(({ line }) => line !== '' && !line.startsWith('#'))
      .map(({ line, number }) => {
        const [from = '', to = '', rate = '', markup, ...rest] = line.split(',').map((part) => part.trim());
        if (rest.length > 0) throw new DccRateError(`line ${number}: expected from,to,rate[,markup]`);
        try {
          return this.checked({ from, to, rate, ...(markup === undefined ? {} : { markup }) });
        } catch (error) {
          throw new DccRateError(`line ${number}: ${(error as Error).message}`);
        }
      });
    for (const row of rows) await this.rates.set(row);
    return rows.length;
  }

  private checked(entry: RateEntry): DccRateRow {
    for (const [flag, code] of [
      ['from', entry.from],
      ['to', entry.to],
    ] as const) {
      if (currencyByNumeric(code) === undefined) {
        throw new DccRateError(
          `--${flag} must be an ISO 4217 numeric currency code (such as 978), not ${code}`,
        );
      }
    }
    if (entry.from === entry.to) throw new DccRateError('--from and --to must be different currencies');
    const rate = parseRate(entry.rate);
    if (rate === undefined)
      throw new DccRateError(`--rate must be a positive decimal such as 1.0832, not ${entry.rate}`);
    const markup = parseMarkup(entry.markup ?? '0');
    if (markup === undefined) {
      throw new DccRateError(
        `--markup must be a percentage from 0 to 100 such as 3.5, not ${entry.markup ?? ''}`,
      );
    }
    return {
      from_currency: entry.from,
      to_currency: entry.to,
      rate: formatRate(rate),
      markup_percent: formatRate(markup),
      updated_at_ms: this.clock.nowMs(),
    };
  }
}
