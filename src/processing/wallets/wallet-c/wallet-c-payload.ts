import { currencyByAlpha } from '../../../domain/currencies.js';
import { Pan } from '../../../domain/pan.js';
import { decryptedObject, malformedPayload as malformed, payloadText as text } from '../json-object.js';
import { WalletSecret } from '../wallet-secret.js';
import { WalletTokenError } from '../wallet-token-error.js';

/**
 * How old a credential may be when it reaches the gateway. Wallet C signs nothing and names no
 * transaction, so its `utc` (when the device made it) is the only freshness datum; a shop sends it
 * on at once, and 15 minutes leaves room for a slow checkout
 * (docs/decisions/0115-wallet-c-checks-and-replay.md).
 */
export const WALLET_C_MAX_AGE_MS = 15 * 60_000;
/** A credential made later than the gateway's clock, within this, is a clock difference. */
export const WALLET_C_CLOCK_SKEW_MS = 5 * 60_000;

/** The decrypted wallet C credential (protocols-jose.md §6.5), checked and typed. */
export interface WalletCPayment {
  readonly amountMinor: number;
  /** ISO 4217 numeric, from the credential's alphabetic `currency_code`. */
  readonly currency: string;
  readonly utcMs: number;
  /** The device token (DPAN); prints masked. */
  readonly tokenPan: Pan;
  /** YYYYMM, from the credential's MMYY. */
  readonly expiryYYYYMM: string;
  /** Prints as [redacted]. */
  readonly cryptogram: WalletSecret;
  /** Two digits, as the acquirer takes it. */
  readonly eci: string;
  readonly cardholderName: string | undefined;
}

/**
 * The credential's JSON: every member a string (amount in minor units, the currency alphabetic,
 * `utc` in milliseconds, the expiry MMYY). Refused as expired once older than WALLET_C_MAX_AGE_MS
 * at `nowMs`, or made further in the future than the clock skew allows. Unknown members are
 * ignored, as the vendor adds members.
 */
export function readWalletCPayload(plaintext: Buffer, nowMs: number): WalletCPayment {
  const parsed = decryptedObject(plaintext);
  const amount = text(parsed, 'amount', /^\d{1,12}$/);
  const currency = currencyByAlpha(text(parsed, 'currency_code', /^[A-Z]{3}$/));
  if (currency === undefined) throw malformed('currency_code');
  const utcMs = Number(text(parsed, 'utc', /^\d{13}$/));
  if (nowMs - utcMs > WALLET_C_MAX_AGE_MS) throw new WalletTokenError('expired', 'the credential is too old');
  if (utcMs - nowMs > WALLET_C_CLOCK_SKEW_MS)
    throw new WalletTokenError('expired', 'the credential is dated in the future');
  const expiry = text(parsed, 'tokenPanExpiration', /^(0[1-9]|1[0-2])\d{2}$/);
  const name = parsed.cardholder_name;
  if (name !== undefined && (typeof name !== 'string' || name.length > 256))
    throw malformed('cardholder_name');
  return {
    amountMinor: Number(amount),
    currency: currency.numeric,
    utcMs,
    tokenPan: new Pan(text(parsed, 'tokenPAN', /^\d{12,19}$/)),
    expiryYYYYMM: `20${expiry.slice(2, 4)}${expiry.slice(0, 2)}`,
    cryptogram: new WalletSecret(text(parsed, 'cryptogram', /^[A-Za-z0-9+/]{4,340}={0,2}$/)),
    eci: text(parsed, 'eci_indicator', /^\d{1,2}$/).padStart(2, '0'),
    cardholderName: name,
  };
}
