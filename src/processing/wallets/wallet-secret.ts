import { inspect } from 'node:util';

/**
 * A value from inside a wallet token that must never reach a log line or a JSON body by accident
 * (the online payment cryptogram): JSON, string conversion and util.inspect (so pino and console)
 * all give a fixed placeholder. Only `reveal()` gives the value, for the acquirer call.
 */
export class WalletSecret {
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
  }

  reveal(): string {
    return this.#value;
  }

  toJSON(): string {
    return '[redacted]';
  }

  toString(): string {
    return '[redacted]';
  }

  [inspect.custom](): string {
    return 'WalletSecret([redacted])';
  }
}
