import { constants, privateDecrypt, randomBytes, type KeyObject } from 'node:crypto';

/** 1 when the byte is 0, else 0, without a branch on its value. */
function isZero(byte: number): number {
  return ((byte - 1) >> 8) & 1;
}

/** 1 when the value is not 0, else 0, without a branch (values below 2^31). */
function isNonZero(value: number): number {
  return ((value | -value) >>> 31) & 1;
}

/**
 * RSAES-PKCS1-v1_5 key unwrap with implicit rejection (RFC 7516 §11.5; protocols-jose.md §6.4).
 * Node 20 refuses PKCS #1 v1.5 private decryption (the CVE-2023-46809 "Marvin" fix) and `jose` 6
 * no longer implements RSA1_5, so the block is opened raw and its padding checked here. Nothing
 * branches on the block's content: a fault (not `00 02`, a padding string under 8 bytes, no
 * separator, a key of another length) gives `keyLength` random bytes instead, which the caller
 * learns of only as its AEAD tag failing, the same answer as a tampered token, in the same time.
 */
export function unwrapPkcs1Key(privateKey: KeyObject, wrapped: Buffer, keyLength: number): Buffer {
  const substitute = randomBytes(keyLength);
  let block: Buffer;
  try {
    block = privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, wrapped);
  } catch {
    // Only a ciphertext of the wrong size or above the modulus gets here: public facts, no oracle.
    return substitute;
  }
  const size = block.length;
  let bad = isNonZero(block[0] as number) | isNonZero((block[1] as number) ^ 0x02);
  let separator = 0;
  let found = 0;
  for (let index = 2; index < size; index += 1) {
    const zero = isZero(block[index] as number);
    const first = zero & (found ^ 1);
    separator |= -first & index;
    found |= zero;
  }
  bad |= found ^ 1;
  // At least 8 bytes of padding: the separator sits at index 10 or later.
  bad |= ((separator - 10) >>> 31) & 1;
  bad |= isNonZero(size - separator - 1 - keyLength);
  const key = block.subarray(size - keyLength);
  const keep = (bad - 1) & 0xff;
  const chosen = Buffer.alloc(keyLength);
  for (let index = 0; index < keyLength; index += 1) {
    chosen[index] = ((key[index] as number) & keep) | ((substitute[index] as number) & ~keep & 0xff);
  }
  return chosen;
}
