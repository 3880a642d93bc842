import { Pan } from '../../../domain/pan.js';
import { WalletSecret } from '../wallet-secret.js';
import { WalletTokenError } from '../wallet-token-error.js';
import {
  decryptedObject,
  isRecord,
  malformedPayload as malformed,
  payloadText as text,
} from '../json-object.js';

/** How the wallet authenticated the card: a device token with a cryptogram, or the card's own number. */
export type WalletBAuthMethod = 'PAN_ONLY' | 'CRYPTOGRAM_3DS';

/** The decrypted wallet B payment (protocols.md §3.4), checked and typed. */
export interface WalletBPayment {
  /** The caller refuses a second payment with the same one. */
  readonly messageId: string;
  readonly messageExpirationMs: number;
  readonly authMethod: WalletBAuthMethod;
  /** The device token (CRYPTOGRAM_3DS) or the card number (PAN_ONLY); prints masked. */
  readonly pan: Pan;
  /** YYYYMM. */
  readonly expiryYYYYMM: string;
  /** CRYPTOGRAM_3DS only; prints as [redacted]. */
  readonly cryptogram: WalletSecret | undefined;
  /** The ECI as the acquirer takes it (two digits), when the token gives one. */
  readonly eci: string | undefined;
  readonly gatewayMerchantId: string | undefined;
}

function optionalText(record: Record<string, unknown>, name: string, pattern: RegExp): string | undefined {
  return record[name] === undefined ? undefined : text(record, name, pattern);
}

function expiry(details: Record<string, unknown>): string {
  const month = details.expirationMonth;
  const year = details.expirationYear;
  if (typeof month !== 'number' || !Number.isInteger(month) || month < 1 || month > 12)
    throw malformed('expirationMonth');
  if (typeof year !== 'number' || !Number.isInteger(year) || year < 2000 || year > 2200)
    throw malformed('expirationYear');
  return `${year}${String(month).padStart(2, '0')}`;
}

/**
 * The plaintext's JSON (protocols.md §3.4): paymentMethod CARD with PAN_ONLY or CRYPTOGRAM_3DS
 * details, and the legacy ECv1 TOKENIZED_CARD form (dpan, authMethod 3DS, 3dsCryptogram,
 * 3dsEciIndicator), read as CRYPTOGRAM_3DS. Refused as expired once messageExpiration ≤ nowMs.
 */
export function readWalletBPayload(plaintext: Buffer, nowMs: number): WalletBPayment {
  const parsed = decryptedObject(plaintext);
  const messageExpiration = text(parsed, 'messageExpiration', /^\d{1,15}$/);
  const messageId = text(parsed, 'messageId', /^[\x21-\x7e]{1,512}$/);
  if (!(Number(messageExpiration) > nowMs)) throw new WalletTokenError('expired', 'the message has expired');
  const details = parsed.paymentMethodDetails;
  if (!isRecord(details)) throw malformed('paymentMethodDetails');
  const method = parsed.paymentMethod;
  const legacy = method === 'TOKENIZED_CARD';
  if (method !== 'CARD' && !legacy) throw malformed('paymentMethod');
  const authMethod: WalletBAuthMethod = legacy
    ? 'CRYPTOGRAM_3DS'
    : (() => {
        const value = details.authMethod;
        // The first ECv1 CARD payloads carry no authMethod: the card's own number (the vectors).
        if (value === undefined) return 'PAN_ONLY';
        if (value !== 'PAN_ONLY' && value !== 'CRYPTOGRAM_3DS') throw malformed('authMethod');
        return value;
      })();
  const pan = text(details, legacy ? 'dpan' : 'pan', /^\d{12,19}$/);
  const cryptogramText =
    authMethod === 'CRYPTOGRAM_3DS'
      ? text(details, legacy ? '3dsCryptogram' : 'cryptogram', /^[A-Za-z0-9+/]{4,340}={0,2}$/)
      : undefined;
  const eci = optionalText(details, legacy ? '3dsEciIndicator' : 'eciIndicator', /^\d{1,2}$/);
  return {
    messageId,
    messageExpirationMs: Number(messageExpiration),
    authMethod,
    pan: new Pan(pan),
    expiryYYYYMM: expiry(details),
    cryptogram: cryptogramText === undefined ? undefined : new WalletSecret(cryptogramText),
    eci: eci?.padStart(2, '0'),
    gatewayMerchantId: optionalText(parsed, 'gatewayMerchantId', /^[\x20-\x7e]{1,255}$/),
  };
}
