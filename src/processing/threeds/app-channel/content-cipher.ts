import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The JWE content encryptions the EMV 3DS app channel uses (protocols-jose.md §7.4, §7.7). */
export type ContentEncryption = 'A128CBC-HS256' | 'A128GCM';

export interface SealedContent {
  readonly iv: Buffer;
  readonly ciphertext: Buffer;
  readonly tag: Buffer;
}

/** The AES-CBC-HMAC tag of RFC 7518 §5.2.2: HMAC-SHA256 over AAD ‖ IV ‖ ciphertext ‖ AAD bits, halved. */
function cbcTag(macKey: Buffer, aad: Buffer, iv: Buffer, ciphertext: Buffer): Buffer {
  const aadBits = Buffer.alloc(8);
  aadBits.writeBigUInt64BE(BigInt(aad.length) * 8n);
  return createHmac('sha256', macKey)
    .update(aad)
    .update(iv)
    .update(ciphertext)
    .update(aadBits)
    .digest()
    .subarray(0, 16);
}

/**
 * Opens JWE content with a key the caller derived itself (the EMV Concat KDF): A128CBC-HS256 takes
 * all 32 bytes (MAC key first, AES key second), A128GCM 16. Throws on any tag mismatch; the tag is
 * compared in constant time.
 */
export function openContent(enc: ContentEncryption, key: Buffer, aad: Buffer, sealed: SealedContent): Buffer {
  if (enc === 'A128GCM') {
    if (key.length !== 16 || sealed.iv.length !== 12 || sealed.tag.length !== 16)
      throw new Error('bad A128GCM sizes');
    const decipher = createDecipheriv('aes-128-gcm', key, sealed.iv);
    decipher.setAAD(aad);
    decipher.setAuthTag(sealed.tag);
    return Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]);
  }
  if (key.length !== 32 || sealed.iv.length !== 16 || sealed.tag.length !== 16)
    throw new Error('bad A128CBC-HS256 sizes');
  const expected = cbcTag(key.subarray(0, 16), aad, sealed.iv, sealed.ciphertext);
  if (!timingSafeEqual(expected, sealed.tag)) throw new Error('the content tag does not verify');
  const decipher = createDecipheriv('aes-128-cbc', key.subarray(16), sealed.iv);
  return Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]);
}

/** Seals JWE content with a derived key: the mirror of openContent, with a random IV. */
export function sealContent(
  enc: ContentEncryption,
  key: Buffer,
  aad: Buffer,
  plaintext: Buffer,
): SealedContent {
  if (enc === 'A128GCM') {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-128-gcm', key, iv);
    cipher.setAAD(aad);
    const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return { iv, ciphertext, tag: cipher.getAuthTag() };
  }
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-128-cbc', key.subarray(16), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, ciphertext, tag: cbcTag(key.subarray(0, 16), aad, iv, ciphertext) };
}
