import { createHash, createPublicKey, diffieHellman, timingSafeEqual, type KeyObject } from 'node:crypto';
import { WalletTokenError } from '../wallet-token-error.js';
import { Asn1Error } from './asn1-reader.js';
import { readWalletAMerchantIdHash } from './certificate-fields.js';
import { readDetachedSignedData } from './cms-signed-data.js';
import { decryptWalletAData, deriveWalletAKey } from './wallet-a-cipher.js';
import type { WalletAMerchantKey } from './wallet-a-merchant-key.js';
import { readWalletAPayload, type WalletAPayment } from './wallet-a-payment.js';
import { verifyWalletASignature, type WalletATrust } from './wallet-a-signature.js';
import { isRecord } from '../json-object.js';

/**
 * Upper bound on the Base64 paymentToken this module reads. A real token is about 5.5 KB; the
 * HTTP layer refuses anything over 8192 characters before it gets here, and this cap keeps the
 * module safe on its own.
 */
export const WALLET_A_TOKEN_CHARS_MAX = 16 * 1024;

/** paymentData as the wallet vendor defines it (protocols.md §2.1). */
export interface WalletAPaymentData {
  readonly version: string;
  readonly data: string;
  readonly signature: string;
  readonly header: {
    readonly ephemeralPublicKey: string;
    readonly publicKeyHash: string;
    readonly transactionId: string;
    readonly applicationData?: string;
  };
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function malformed(message: string): WalletTokenError {
  return new WalletTokenError('malformed', message);
}

function base64Field(record: Record<string, unknown>, name: string): Buffer {
  const value = record[name];
  if (
    typeof value !== 'string' ||
    value.length === 0 ||
    value.length > WALLET_A_TOKEN_CHARS_MAX ||
    !BASE64.test(value)
  ) {
    throw malformed(`the token's ${name} is not Base64`);
  }
  return Buffer.from(value, 'base64');
}

function hexField(record: Record<string, unknown>, name: string, optional: boolean): Buffer | undefined {
  const value = record[name];
  if (value === undefined && optional) return undefined;
  if (typeof value !== 'string' || !/^(?:[0-9A-Fa-f]{2}){1,64}$/.test(value)) {
    throw malformed(`the token's ${name} is not hexadecimal`);
  }
  return Buffer.from(value, 'hex');
}

function paymentDataOf(token: string | object): Record<string, unknown> {
  if (typeof token !== 'string') {
    if (!isRecord(token)) throw malformed('the token is not an object');
    return token;
  }
  if (token.length > WALLET_A_TOKEN_CHARS_MAX) throw malformed('the token is too long');
  if (!BASE64.test(token)) throw malformed('the token is not Base64');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
  } catch {
    throw malformed('the token is not Base64 of JSON');
  }
  if (!isRecord(parsed)) throw malformed('the token is not a JSON object');
  return parsed;
}

function ephemeralKey(spki: Buffer): KeyObject {
  try {
    const key = createPublicKey({ key: spki, format: 'der', type: 'spki' });
    if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') return key;
  } catch {
    // falls through to the refusal
  }
  throw malformed('the ephemeral public key is not a P-256 key');
}

/** By certificate object: the keyring hands out one object per certificate text. */
const publicKeyHashes = new WeakMap<object, Buffer>();

function publicKeyHashOf(key: WalletAMerchantKey): Buffer {
  let hash = publicKeyHashes.get(key.certificate);
  if (hash === undefined) {
    hash = createHash('sha256')
      .update(key.certificate.publicKey.export({ type: 'spki', format: 'der' }))
      .digest();
    publicKeyHashes.set(key.certificate, hash);
  }
  return hash;
}

function tryDecrypt(key: WalletAMerchantKey, ephemeral: KeyObject, data: Buffer): Buffer | undefined {
  const merchantIdHash = readWalletAMerchantIdHash(key.certificate);
  if (merchantIdHash === undefined) return undefined;
  try {
    const sharedSecret = diffieHellman({ privateKey: key.privateKey, publicKey: ephemeral });
    return decryptWalletAData(data, deriveWalletAKey(sharedSecret, merchantIdHash));
  } catch {
    return undefined;
  }
}

/**
 * Verifies and decrypts a wallet A (Apple Pay EC_v1) payment token by the vendor's rules:
 * the detached CMS signature and its chain to one of `trust.roots` at `nowMs`, then ECDH with the
 * merchant key named by header.publicKeyHash, the KDF and AES-256-GCM. `paymentToken` is Base64 of
 * the paymentData JSON (as the API receives it) or paymentData already parsed. Throws
 * WalletTokenError, never anything else for a bad token. Replay protection is the caller's: it
 * refuses a transactionId it has seen within WALLET_A_SIGNING_WINDOW_MS of its signing time.
 */
export function openWalletAToken(
  paymentToken: string | WalletAPaymentData,
  keys: readonly WalletAMerchantKey[],
  trust: WalletATrust,
  nowMs: number,
): WalletAPayment {
  const paymentData = paymentDataOf(paymentToken);
  const version = paymentData.version;
  if (typeof version !== 'string') throw malformed('the token has no version');
  if (version !== 'EC_v1')
    throw new WalletTokenError('unsupportedVersion', 'only EC_v1 tokens are supported');
  const header = paymentData.header;
  if (!isRecord(header)) throw malformed('the token has no header');
  const data = base64Field(paymentData, 'data');
  const signature = base64Field(paymentData, 'signature');
  const ephemeralPublicKey = base64Field(header, 'ephemeralPublicKey');
  const publicKeyHash = base64Field(header, 'publicKeyHash');
  const transactionId = hexField(header, 'transactionId', false) as Buffer;
  const applicationData = hexField(header, 'applicationData', true);

  let signedData;
  try {
    signedData = readDetachedSignedData(signature);
  } catch (error) {
    if (error instanceof Asn1Error) throw malformed('the token signature is not a detached CMS SignedData');
    throw error;
  }
  const signedContent = Buffer.concat([
    ephemeralPublicKey,
    data,
    transactionId,
    applicationData ?? Buffer.alloc(0),
  ]);
  const signingTimeMs = verifyWalletASignature(signedData, signedContent, trust, nowMs);

  const ephemeral = ephemeralKey(ephemeralPublicKey);
  const candidates = keys.filter((key) => {
    const hash = publicKeyHashOf(key);
    return hash.length === publicKeyHash.length && timingSafeEqual(hash, publicKeyHash);
  });
  if (candidates.length === 0)
    throw new WalletTokenError('wrongMerchantKey', 'no merchant key matches the token');
  for (const key of candidates) {
    const plaintext = tryDecrypt(key, ephemeral, data);
    if (plaintext !== undefined)
      return readWalletAPayload(plaintext, transactionId.toString('hex'), signingTimeMs);
  }
  throw new WalletTokenError('wrongMerchantKey', 'the token does not decrypt with the merchant key');
}
