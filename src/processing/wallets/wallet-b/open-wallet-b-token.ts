import { createPublicKey, diffieHellman, verify, type KeyObject } from 'node:crypto';
import { WalletTokenError } from '../wallet-token-error.js';
import {
  lengthValue,
  tagMatches,
  walletBCipher,
  walletBKeys,
  type WalletBProtocol,
} from './wallet-b-crypto.js';
import { readWalletBPayload, type WalletBPayment } from './wallet-b-payload.js';
import { isRecord } from '../json-object.js';

/** The largest token text read (an ECv2 token with a card payload is about 2 KB). */
export const WALLET_B_TOKEN_CHARS_MAX = 16 * 1024;

/** The merchant (or gateway) a token is addressed to, and its keys: every one is tried (key rotation). */
export interface WalletBRecipient {
  readonly recipientId: string;
  readonly privateKeys: readonly KeyObject[];
}

/** A root signing key as the vendor publishes it: Base64 SPKI, its protocol version, its expiry. */
export interface WalletBRootKey {
  readonly keyValue: string;
  readonly protocolVersion: string;
  readonly keyExpiration?: string;
}

export interface WalletBTrust {
  readonly rootKeys: readonly WalletBRootKey[];
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function malformed(detail: string): WalletTokenError {
  return new WalletTokenError('malformed', detail);
}

function parsedJson(text: string, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw malformed(`${what} is not JSON`);
  }
  if (!isRecord(value)) throw malformed(`${what} is not a JSON object`);
  return value;
}

function stringMember(record: Record<string, unknown>, name: string, what: string): string {
  const value = record[name];
  if (typeof value !== 'string' || value === '') throw malformed(`${what} has no ${name}`);
  return value;
}

function base64(value: string, what: string): Buffer {
  if (!BASE64.test(value)) throw malformed(`${what} is not Base64`);
  return Buffer.from(value, 'base64');
}

/** Tink's rule: exactly these members, nothing more (protocols.md §3.1). */
function exactMembers(record: Record<string, unknown>, names: readonly string[], what: string): void {
  const keys = Object.keys(record);
  if (keys.length !== names.length || !names.every((name) => keys.includes(name))) {
    throw malformed(`${what} must have exactly ${names.join(', ')}`);
  }
}

function signatureVerifies(bytes: Buffer, key: KeyObject, signature: string): boolean {
  if (!BASE64.test(signature)) return false;
  try {
    return verify('sha256', bytes, key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/** The root keys for a protocol that have not expired; unreadable entries are skipped, never trusted. */
function usableRootKeys(trust: WalletBTrust, protocol: WalletBProtocol, nowMs: number): KeyObject[] {
  return trust.rootKeys.flatMap((root) => {
    if (root.protocolVersion !== protocol) return [];
    // Only ECv1's root keys may go without an expiry; the vendor's library refuses the others.
    if (root.keyExpiration === undefined ? protocol !== 'ECv1' : !(Number(root.keyExpiration) > nowMs))
      return [];
    try {
      return [createPublicKey({ key: Buffer.from(root.keyValue, 'base64'), format: 'der', type: 'spki' })];
    } catch {
      return [];
    }
  });
}

/**
 * ECv2 only: the intermediate signing key, signed by a root of the token's version, and not
 * expired. Google's order: the signature first, then the expiry.
 */
function intermediateKey(
  token: Record<string, unknown>,
  roots: readonly KeyObject[],
  nowMs: number,
): KeyObject {
  const intermediate = token.intermediateSigningKey;
  if (!isRecord(intermediate)) throw malformed('the token has no intermediateSigningKey');
  exactMembers(intermediate, ['signedKey', 'signatures'], 'intermediateSigningKey');
  const signedKey = stringMember(intermediate, 'signedKey', 'intermediateSigningKey');
  const signatures = intermediate.signatures;
  if (!Array.isArray(signatures) || signatures.length === 0)
    throw malformed('intermediateSigningKey has no signatures');
  const signed = lengthValue('Google', 'ECv2', signedKey);
  const trusted = signatures.some(
    (signature) =>
      typeof signature === 'string' && roots.some((root) => signatureVerifies(signed, root, signature)),
  );
  if (!trusted)
    throw new WalletTokenError('untrustedChain', 'no trusted root key signed the intermediate key');
  const key = parsedJson(signedKey, 'signedKey');
  const expiration = stringMember(key, 'keyExpiration', 'signedKey');
  if (!/^\d{1,15}$/.test(expiration)) throw malformed('signedKey has no valid keyExpiration');
  if (!(Number(expiration) > nowMs))
    throw new WalletTokenError('expired', 'the intermediate signing key has expired');
  try {
    return createPublicKey({
      key: base64(stringMember(key, 'keyValue', 'signedKey'), 'keyValue'),
      format: 'der',
      type: 'spki',
    });
  } catch (error) {
    if (error instanceof WalletTokenError) throw error;
    throw malformed('the intermediate key is not a public key');
  }
}

/** ECDH with each of the recipient's keys until one's MAC matches, then AES-CTR (protocols.md §3.3). */
function decrypt(protocol: WalletBProtocol, signedMessage: string, recipient: WalletBRecipient): Buffer {
  const message = parsedJson(signedMessage, 'signedMessage');
  exactMembers(message, ['encryptedMessage', 'ephemeralPublicKey', 'tag'], 'signedMessage');
  const ciphertext = base64(stringMember(message, 'encryptedMessage', 'signedMessage'), 'encryptedMessage');
  const point = base64(stringMember(message, 'ephemeralPublicKey', 'signedMessage'), 'ephemeralPublicKey');
  const tag = base64(stringMember(message, 'tag', 'signedMessage'), 'tag');
  if (point.length !== 65 || point[0] !== 0x04)
    throw malformed('ephemeralPublicKey is not an uncompressed P-256 point');
  let ephemeral: KeyObject;
  try {
    ephemeral = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
  } catch {
    throw malformed('ephemeralPublicKey is not on the P-256 curve');
  }
  for (const privateKey of recipient.privateKeys) {
    let sharedSecret: Buffer;
    try {
      sharedSecret = diffieHellman({ privateKey, publicKey: ephemeral });
    } catch {
      continue;
    }
    const { encryptionKey, macKey } = walletBKeys(protocol, point, sharedSecret);
    if (tagMatches(macKey, ciphertext, tag)) return walletBCipher(protocol, encryptionKey, ciphertext, true);
  }
  throw new WalletTokenError(
    'wrongMerchantKey',
    'no key of the recipient decrypts the message (the tag does not match)',
  );
}

/**
 * Verifies and decrypts a wallet B (Google Pay) token of protocol ECv1 or ECv2 by the vendor's
 * rules (protocols.md §3): the intermediate key (ECv2) signed by a trusted root of the token's
 * version and not expired, the message signed for `recipient.recipientId`, the MAC, then AES-CTR.
 * Answers the plaintext bytes; readWalletBPayload reads and dates them. Throws WalletTokenError only.
 */
export function decryptWalletBToken(
  paymentToken: string | Record<string, unknown>,
  recipient: WalletBRecipient,
  trust: WalletBTrust,
  nowMs: number,
): { protocol: WalletBProtocol; plaintext: Buffer } {
  if (typeof paymentToken === 'string' && paymentToken.length > WALLET_B_TOKEN_CHARS_MAX) {
    throw malformed('the token is too long');
  }
  const token = typeof paymentToken === 'string' ? parsedJson(paymentToken, 'the token') : paymentToken;
  const protocol = token.protocolVersion;
  if (protocol !== 'ECv1' && protocol !== 'ECv2') {
    throw new WalletTokenError('unsupportedVersion', 'only ECv1 and ECv2 tokens are read');
  }
  exactMembers(
    token,
    protocol === 'ECv1'
      ? ['protocolVersion', 'signature', 'signedMessage']
      : ['protocolVersion', 'signature', 'intermediateSigningKey', 'signedMessage'],
    'the token',
  );
  const signature = stringMember(token, 'signature', 'the token');
  const signedMessage = stringMember(token, 'signedMessage', 'the token');
  const roots = usableRootKeys(trust, protocol, nowMs);
  const signers = protocol === 'ECv1' ? roots : [intermediateKey(token, roots, nowMs)];
  const signed = lengthValue('Google', recipient.recipientId, protocol, signedMessage);
  if (!signers.some((key) => signatureVerifies(signed, key, signature))) {
    throw protocol === 'ECv1' && roots.length === 0
      ? new WalletTokenError('untrustedChain', 'no trusted root key of version ECv1')
      : new WalletTokenError('badSignature', 'the message signature does not verify');
  }
  return { protocol, plaintext: decrypt(protocol, signedMessage, recipient) };
}

/** decryptWalletBToken, then the payment it carries, refused once its messageExpiration has passed. */
export function openWalletBToken(
  paymentToken: string | Record<string, unknown>,
  recipient: WalletBRecipient,
  trust: WalletBTrust,
  nowMs: number,
): WalletBPayment & { readonly protocol: WalletBProtocol } {
  const { protocol, plaintext } = decryptWalletBToken(paymentToken, recipient, trust, nowMs);
  return { ...readWalletBPayload(plaintext, nowMs), protocol };
}
