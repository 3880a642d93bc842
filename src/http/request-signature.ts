import { constants, createHash, publicDecrypt, timingSafeEqual, verify, type KeyObject } from 'node:crypto';
import { Refusal } from '../domain/refusals.js';

/** DER prefix of a SHA-256 DigestInfo (RFC 8017 §9.2 note 1). */
const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');

function safeEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Reading A of protocols.md §4.1 (the canonical one): the 32 digest bytes are the message of
 * RSA-SHA256. Reading B: PKCS#1 v1.5 over the precomputed digest, which equals RSA-SHA256 over the body.
 */
function signatureVerifies(digest: Buffer, rawBody: Buffer, signature: Buffer, key: KeyObject): boolean {
  try {
    if (verify('sha256', digest, key, signature)) return true;
    if (verify('sha256', rawBody, key, signature)) return true;
    const recovered = publicDecrypt({ key, padding: constants.RSA_PKCS1_PADDING }, signature);
    return safeEqual(recovered, Buffer.concat([SHA256_DIGEST_INFO, digest]));
  } catch {
    return false;
  }
}

/** X-Hash must be the Base64 SHA-256 of the body exactly as received; X-Signature must verify with a merchant key. */
export function checkRequestSignature(
  rawBody: Buffer,
  xHash: string | undefined,
  xSignature: string | undefined,
  keys: readonly KeyObject[],
): void {
  if (xHash === undefined || xSignature === undefined || xHash === '' || xSignature === '') {
    throw new Refusal('SIGNATURE_REQUIRED');
  }
  const digest = createHash('sha256').update(rawBody).digest();
  if (!safeEqual(Buffer.from(xHash, 'base64'), digest)) throw new Refusal('SIGNATURE_HASH_MISMATCH');
  const signature = Buffer.from(xSignature, 'base64');
  if (!keys.some((key) => signatureVerifies(digest, rawBody, signature, key)))
    throw new Refusal('SIGNATURE_INVALID');
}
