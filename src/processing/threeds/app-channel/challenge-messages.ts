import { createPublicKey, diffieHellman, type JsonWebKey, type KeyObject } from 'node:crypto';
import { compactDecrypt, CompactEncrypt, decodeProtectedHeader } from 'jose';
import { emvConcatKdf } from './concat-kdf.js';
import type { ContentEncryption } from './content-cipher.js';

/** Who sends a CReq or CRes: the SDK to the ACS, or the ACS back. */
export type ChallengeDirection = 'sdkToAcs' | 'acsToSdk';

/**
 * The challenge session key (Function J, protocols-jose.md §7.6): ECDH between this side's
 * ephemeral key and the other's, through the EMV Concat KDF with the AReq's `sdkReferenceNumber`.
 */
export function challengeSessionKey(ownKey: KeyObject, peer: JsonWebKey, sdkReferenceNumber: string): Buffer {
  const sharedSecret = diffieHellman({
    privateKey: ownKey,
    publicKey: createPublicKey({ key: peer, format: 'jwk' }),
  });
  return emvConcatKdf(sharedSecret, sdkReferenceNumber);
}

/**
 * The key one message uses: A128CBC-HS256 the whole 32 bytes both ways; A128GCM the first half
 * from the SDK and the second half from the ACS, as the certified SDKs do (§7.6).
 */
function directionKey(sessionKey: Buffer, enc: ContentEncryption, direction: ChallengeDirection): Buffer {
  if (enc === 'A128CBC-HS256') return sessionKey;
  return direction === 'sdkToAcs' ? sessionKey.subarray(0, 16) : sessionKey.subarray(16, 32);
}

/** The message as a `dir` JWE (§7.7): `kid` the ACS transaction, AAD the header as RFC 7516 says. */
export async function sealChallengeMessage(
  message: Record<string, unknown>,
  options: { sessionKey: Buffer; enc: ContentEncryption; acsTransID: string; direction: ChallengeDirection },
): Promise<string> {
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(message)))
    .setProtectedHeader({ alg: 'dir', enc: options.enc, kid: options.acsTransID })
    .encrypt(directionKey(options.sessionKey, options.enc, options.direction));
}

/** A CReq or CRes could not be opened or is not for this transaction (EMV error 302). */
export class ChallengeMessageError extends Error {
  override readonly name = 'ChallengeMessageError';
}

/**
 * Opens a challenge message: `dir` with A128CBC-HS256 or A128GCM only, the `kid` this
 * transaction's. Answers the message and the `enc` the sender chose, which the answer must use.
 */
export async function openChallengeMessage(
  jwe: string,
  options: { sessionKey: Buffer; acsTransID: string; direction: ChallengeDirection },
): Promise<{ message: Record<string, unknown>; enc: ContentEncryption }> {
  let enc: unknown;
  try {
    enc = decodeProtectedHeader(jwe).enc;
  } catch {
    throw new ChallengeMessageError('the message is not a JWE');
  }
  if (enc !== 'A128CBC-HS256' && enc !== 'A128GCM') throw new ChallengeMessageError(`enc ${String(enc)}`);
  let opened: Awaited<ReturnType<typeof compactDecrypt>>;
  try {
    opened = await compactDecrypt(jwe, directionKey(options.sessionKey, enc, options.direction), {
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: [enc],
    });
  } catch {
    throw new ChallengeMessageError('the message does not decrypt with the session key');
  }
  if (opened.protectedHeader.kid !== options.acsTransID)
    throw new ChallengeMessageError('the message names another transaction');
  let message: unknown;
  try {
    message = JSON.parse(new TextDecoder().decode(opened.plaintext));
  } catch {
    message = undefined;
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message))
    throw new ChallengeMessageError('the message is not a JSON object');
  return { message: message as Record<string, unknown>, enc };
}

/** The three-digit counters of CReq and CRes ("000", "001", …; §7.7). */
export function challengeCounter(sent: number): string {
  return String(sent).padStart(3, '0');
}
