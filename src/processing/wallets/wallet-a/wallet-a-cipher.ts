import { createCipheriv, createDecipheriv, createHash, type X509Certificate } from 'node:crypto';

/**
 * The wallet A symmetric layer (protocols.md §2.2): the single-pass concatenation KDF of
 * NIST SP 800-56A with SHA-256, and AES-256-GCM with a 16-byte zero IV, no AAD, the 16-byte tag
 * appended to the ciphertext. A zero IV is safe only because each key comes from a fresh
 * ephemeral key and encrypts one message.
 */
const ALGORITHM_ID = Buffer.concat([Buffer.of(0x0d), Buffer.from('id-aes256-GCM', 'latin1')]);
const PARTY_U = Buffer.from('Apple', 'latin1');
const COUNTER = Buffer.of(0, 0, 0, 1);
const IV = Buffer.alloc(16);
const TAG_BYTES = 16;

/** K = SHA-256(00000001 ‖ Z ‖ 0x0D ‖ "id-aes256-GCM" ‖ "Apple" ‖ SHA-256(merchant id)). */
export function deriveWalletAKey(sharedSecret: Buffer, merchantIdHash: Buffer): Buffer {
  return createHash('sha256')
    .update(Buffer.concat([COUNTER, sharedSecret, ALGORITHM_ID, PARTY_U, merchantIdHash]))
    .digest();
}

/** Ciphertext ‖ tag → plaintext; throws when the tag does not verify. */
export function decryptWalletAData(data: Buffer, key: Buffer): Buffer {
  if (data.length < TAG_BYTES) throw new Error('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', key, IV);
  decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - TAG_BYTES)), decipher.final()]);
}

export function encryptWalletAData(plaintext: Buffer, key: Buffer): Buffer {
  const cipher = createCipheriv('aes-256-gcm', key, IV);
  return Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
}

/** header.publicKeyHash for a merchant certificate: Base64 of SHA-256 of its SubjectPublicKeyInfo DER. */
export function walletAPublicKeyHash(certificate: X509Certificate): string {
  return createHash('sha256')
    .update(certificate.publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64');
}
