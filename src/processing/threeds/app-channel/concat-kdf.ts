import { createHash } from 'node:crypto';

function lengthPrefixed(value: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(value.length);
  return Buffer.concat([length, value]);
}

/**
 * The EMV 3-D Secure key derivation (protocols-jose.md §7.4, §7.6): NIST SP 800-56A single-step
 * Concat KDF with SHA-256, one round, 256 bits, AlgorithmID and PartyUInfo empty and PartyVInfo
 * the given value (the DS ID for `sdkEncData`, the AReq's `sdkReferenceNumber` for the challenge
 * session key). It is not RFC 7518's ECDH-ES, which puts the `enc` name in AlgorithmID, so no JOSE
 * library derives it; `algorithmId` exists so a test can check this code against one that does.
 */
export function emvConcatKdf(sharedSecret: Buffer, partyVInfo: string, algorithmId = ''): Buffer {
  const bits = Buffer.alloc(4);
  bits.writeUInt32BE(256);
  return createHash('sha256')
    .update(Buffer.of(0, 0, 0, 1))
    .update(sharedSecret)
    .update(lengthPrefixed(Buffer.from(algorithmId, 'utf8')))
    .update(lengthPrefixed(Buffer.alloc(0)))
    .update(lengthPrefixed(Buffer.from(partyVInfo, 'utf8')))
    .update(bits)
    .digest();
}
