import { Pan } from '../../../domain/pan.js';
import { WalletSecret } from '../wallet-secret.js';
import { WalletTokenError } from '../wallet-token-error.js';
import {
  decryptedObject,
  isRecord,
  malformedPayload as malformed,
  payloadText as requiredString,
} from '../json-object.js';

/** The decrypted wallet A payment (protocols.md §2.4), checked and typed. */
export interface WalletAPayment {
  /** header.transactionId (hex): the caller refuses a second payment with the same one. */
  readonly transactionId: string;
  /** CMS signingTime of the token, for logs and the replay store's expiry. */
  readonly signingTimeMs: number;
  /** The device PAN (DPAN); prints masked. */
  readonly applicationPrimaryAccountNumber: Pan;
  /** As the token gives it: YYMMDD. */
  readonly applicationExpirationDate: string;
  /** The same expiry as the gateway stores card expiries: YYYYMM (years 20YY). */
  readonly expiryYYYYMM: string;
  /** ISO 4217 numeric, e.g. "978". */
  readonly currencyCode: string;
  /** Minor units (the vendor does not name the unit; the vectors are consistent with minor units). */
  readonly transactionAmount: number;
  readonly cardholderName: string | undefined;
  readonly deviceManufacturerIdentifier: string;
  readonly paymentDataType: '3DSecure';
  readonly paymentData: {
    /** Base64 online payment cryptogram; prints as [redacted]. */
    readonly onlinePaymentCryptogram: WalletSecret;
    /** As the token gives it (absent for some schemes, one digit for others). */
    readonly eciIndicator: string | undefined;
  };
  /** eciIndicator padded to the two digits the acquirer takes, or undefined when absent. */
  readonly eci: string | undefined;
}

function expiry(yymmdd: string): string {
  const month = Number(yymmdd.slice(2, 4));
  const day = Number(yymmdd.slice(4, 6));
  if (month < 1 || month > 12 || day < 1 || day > 31) throw malformed('applicationExpirationDate');
  return `20${yymmdd.slice(0, 4)}`;
}

/**
 * The plaintext's JSON, as the vendor defines it. Only the 3-D Secure form is taken: the EMV form
 * (regional, RSA_v1 era) carries chip data the acquirer port cannot send, so it is refused as
 * unsupported rather than as malformed. Unknown members are ignored, as the vendor adds members.
 */
export function readWalletAPayload(
  plaintext: Buffer,
  transactionId: string,
  signingTimeMs: number,
): WalletAPayment {
  const parsed = decryptedObject(plaintext);
  const pan = requiredString(parsed, 'applicationPrimaryAccountNumber', /^\d{12,19}$/);
  const applicationExpirationDate = requiredString(parsed, 'applicationExpirationDate', /^\d{6}$/);
  const currencyCode = requiredString(parsed, 'currencyCode', /^\d{3}$/);
  const amount = parsed.transactionAmount;
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 0)
    throw malformed('transactionAmount');
  const deviceManufacturerIdentifier = requiredString(
    parsed,
    'deviceManufacturerIdentifier',
    /^[0-9A-Fa-f]{1,64}$/,
  );
  const type = parsed.paymentDataType;
  if (type === 'EMV') throw new WalletTokenError('unsupportedVersion', 'EMV payment data is not supported');
  if (type !== '3DSecure') throw malformed('paymentDataType');
  const paymentData = parsed.paymentData;
  if (!isRecord(paymentData)) throw malformed('paymentData');
  const cryptogram = requiredString(paymentData, 'onlinePaymentCryptogram', /^[A-Za-z0-9+/]{4,340}={0,2}$/);
  const eciIndicator = paymentData.eciIndicator;
  if (eciIndicator !== undefined && (typeof eciIndicator !== 'string' || !/^\d{1,2}$/.test(eciIndicator))) {
    throw malformed('eciIndicator');
  }
  const name = parsed.cardholderName;
  if (name !== undefined && (typeof name !== 'string' || name.length > 256))
    throw malformed('cardholderName');
  return {
    transactionId,
    signingTimeMs,
    applicationPrimaryAccountNumber: new Pan(pan),
    applicationExpirationDate,
    expiryYYYYMM: expiry(applicationExpirationDate),
    currencyCode,
    transactionAmount: amount,
    cardholderName: name,
    deviceManufacturerIdentifier,
    paymentDataType: '3DSecure',
    paymentData: { onlinePaymentCryptogram: new WalletSecret(cryptogram), eciIndicator },
    eci: eciIndicator?.padStart(2, '0'),
  };
}
