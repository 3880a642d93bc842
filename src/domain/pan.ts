import { inspect } from 'node:util';

/**
 * A card number that never shows itself by accident: JSON, string conversion and util.inspect
 * (so pino and console) all give the masked form. Only `reveal()` gives the digits, and only the
 * acquirer call and the vault use it.
 */
export class Pan {
  readonly #digits: string;

  constructor(digits: string) {
    this.#digits = digits;
  }

  /** First six and last four, as the real gateway shows it: 411111**1111. */
  get masked(): string {
    return maskPan(this.#digits);
  }

  get bin(): string {
    return this.#digits.slice(0, 6);
  }

  get last4(): string {
    return this.#digits.slice(-4);
  }

  reveal(): string {
    return this.#digits;
  }

  toJSON(): string {
    return this.masked;
  }

  toString(): string {
    return this.masked;
  }

  [inspect.custom](): string {
    return `Pan(${this.masked})`;
  }
}

export function maskPan(digits: string): string {
  return `${digits.slice(0, 6)}**${digits.slice(-4)}`;
}

/** A run of digits as long as a card number (13 to 19), not part of a longer run. */
const CARD_NUMBER_SHAPE = /(?<!\d)\d{13,19}(?!\d)/g;

/**
 * Text from outside that may hold a card number where none belongs (an address a client made up)
 * with every card-number-shaped run of digits masked, before it is logged or echoed.
 */
export function maskCardNumbersIn(text: string): string {
  return text.replace(CARD_NUMBER_SHAPE, maskPan);
}
