import { createHash, sign, type KeyObject } from 'node:crypto';

/**
 * The signature headers of a request body as a merchant's client makes them (protocols.md §4.1,
 * reading A, the one Gatehouse checks first): X-Hash is the Base64 SHA-256 of the body bytes
 * exactly as sent; X-Signature the Base64 RSA PKCS#1 v1.5 signature (SHA-256) of those 32 bytes.
 */
export function signatureHeaders(body: Buffer, key: KeyObject): { 'X-Hash': string; 'X-Signature': string } {
  const digest = createHash('sha256').update(body).digest();
  return {
    'X-Hash': digest.toString('base64'),
    'X-Signature': sign('sha256', digest, key).toString('base64'),
  };
}
