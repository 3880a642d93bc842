import { createDecipheriv, type KeyObject } from 'node:crypto';
import { decodeProtectedHeader } from 'jose';
import { isRecord } from '../json-object.js';
import { WalletTokenError } from '../wallet-token-error.js';
import { unwrapPkcs1Key } from './pkcs1-key-unwrap.js';
import { readWalletCPayload, type WalletCPayment } from './wallet-c-payload.js';

/** A merchant's wallet C key: the RSA private key and its `kid` (Base64 SHA-256 of its SPKI). */
export interface WalletCKey {
  readonly kid: string;
  readonly privateKey: KeyObject;
}

const CEK_BYTES = 16;
const JWE = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]*){4}$/;
const VERSIONS = ['100', '1.0.0'];

function malformed(message: string): WalletTokenError {
  return new WalletTokenError('malformed', message);
}

/**
 * The JWE a merchant sends (protocols-jose.md §6.1): the bare compact form (the content of the
 * credential's `3DS.data`, which this API family's clients send), the whole `paymentCredential`
 * JSON, or Base64 of either.
 */
export function walletCJwe(paymentToken: string, decoded = false): string {
  const token = paymentToken.trim();
  if (JWE.test(token)) return token;
  if (token.startsWith('{')) {
    let credential: unknown;
    try {
      credential = JSON.parse(token);
    } catch {
      throw malformed('the payment credential is not JSON');
    }
    const secure = isRecord(credential) ? credential['3DS'] : undefined;
    if (!isRecord(secure) || typeof secure.data !== 'string')
      throw malformed('the credential has no 3DS.data');
    // "S" (network token) is the only type the vendor documents (§6.1); anything else is not a payment.
    if (secure.type !== undefined && secure.type !== 'S')
      throw malformed('3DS.type is not S (a network token)');
    const version = secure.version;
    if (version !== undefined && (typeof version !== 'string' || !VERSIONS.includes(version)))
      throw new WalletTokenError('unsupportedVersion', '3DS.version is not 100 or 1.0.0');
    return walletCJwe(secure.data, true);
  }
  if (!decoded && /^[A-Za-z0-9+/]+={0,2}$/.test(token))
    return walletCJwe(Buffer.from(token, 'base64').toString('utf8'), true);
  throw malformed('the payment token is not a JWE');
}

function gcmOpen(cek: Buffer, iv: Buffer, ciphertext: Buffer, tag: Buffer, aad: Buffer | undefined): Buffer {
  const decipher = createDecipheriv('aes-128-gcm', cek, iv);
  decipher.setAuthTag(tag);
  if (aad !== undefined) decipher.setAAD(aad);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
}

/**
 * Decrypts a wallet C JWE (RSA1_5 + A128GCM) with the merchant's keys: the one its `kid` names,
 * or every key when none matches (protocols-jose.md §6.2, "try every key"). The content key is
 * unwrapped with implicit rejection, so a wrong key, a bad padding and a tampered tag all end in
 * the same refusal. The tag is checked with the RFC's additional data (the header) first, then
 * with none, as the vendor's own decryptors do; either way the 16-byte tag must verify.
 */
export function decryptWalletCToken(jwe: string, keys: readonly WalletCKey[]): Buffer {
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(jwe);
  } catch {
    throw malformed('the JWE header cannot be read');
  }
  if (header.alg !== 'RSA1_5' || header.enc !== 'A128GCM')
    throw new WalletTokenError('unsupportedVersion', `alg ${String(header.alg)} / enc ${String(header.enc)}`);
  const [protectedPart = '', ...rest] = jwe.split('.');
  const [encryptedKey, iv, ciphertext, tag] = rest.map((part) => Buffer.from(part, 'base64url')) as [
    Buffer,
    Buffer,
    Buffer,
    Buffer,
  ];
  if (iv.length !== 12 || tag.length !== 16 || ciphertext.length === 0)
    throw malformed('the JWE parts have wrong sizes');
  const named = keys.filter((key) => key.kid === header.kid);
  for (const key of named.length > 0 ? named : keys) {
    const cek = unwrapPkcs1Key(key.privateKey, encryptedKey, CEK_BYTES);
    for (const aad of [Buffer.from(protectedPart, 'ascii'), undefined]) {
      try {
        return gcmOpen(cek, iv, ciphertext, tag, aad);
      } catch {
        // The tag did not verify with this key and this additional data: try the next.
      }
    }
  }
  throw new WalletTokenError('wrongMerchantKey', "the token does not decrypt with the merchant's keys");
}

/** A wallet C token, decrypted and read: the credential it holds, checked at `nowMs`. */
export function openWalletCToken(
  paymentToken: string,
  keys: readonly WalletCKey[],
  nowMs: number,
): WalletCPayment {
  return readWalletCPayload(decryptWalletCToken(walletCJwe(paymentToken), keys), nowMs);
}
