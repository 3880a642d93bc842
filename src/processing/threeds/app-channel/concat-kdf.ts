import { createHash } from 'node:crypto';

function lengthPrefixed(value: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(value.length);
  return Buffer.concat([length, value]);
}

/** The inputs of NIST SP 800-56A's single-step Concat KDF as JWE uses it (RFC 7518 §4.6.2). */
export interface ConcatKdfInput {
  /** Z, the ECDH shared secret. */
  readonly sharedSecret: Buffer;
  /** keydatalen: 256 or 128 (one SHA-256 round covers either). */
  readonly keyBits: 128 | 256;
  readonly algorithmId: Buffer;
  readonly partyUInfo: Buffer;
  readonly partyVInfo: Buffer;
}

/** Concat KDF with SHA-256, one round, SuppPubInfo keydatalen and SuppPrivInfo empty. */
export function concatKdf(input: ConcatKdfInput): Buffer {
  const bits = Buffer.alloc(4);
  bits.writeUInt32BE(input.keyBits);
  return createHash('sha256')
    .update(Buffer.of(0, 0, 0, 1))
    .update(input.sharedSecret)
    .update(lengthPrefixed(input.algorithmId))
    .update(lengthPrefixed(input.partyUInfo))
    .update(lengthPrefixed(input.partyVInfo))
    .update(bits)
    .digest()
    .subarray(0, input.keyBits / 8);
}

/**
 * The EMV 3-D Secure key derivation (protocols-jose.md §7.4, §7.6): the Concat KDF, 256 bits,
 * AlgorithmID and PartyUInfo empty and PartyVInfo the given value (the DS ID for `sdkEncData`, the
 * AReq's `sdkReferenceNumber` for the challenge session key). It is not RFC 7518's ECDH-ES, which
 * puts the `enc` name in AlgorithmID, so no JOSE library derives it; `algorithmId` exists so a
 * test can check this code against one that does.
 */
export function emvConcatKdf(sharedSecret: Buffer, partyVInfo: string, algorithmId = ''): Buffer {
  return concatKdf({
    sharedSecret,
    keyBits: 256,
    algorithmId: Buffer.from(algorithmId, 'utf8'),
    partyUInfo: Buffer.alloc(0),
    partyVInfo: Buffer.from(partyVInfo, 'utf8'),
  });
}
