import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto';

/** The two versions this gateway reads: ECv1 (AES-128) and ECv2 (AES-256) (protocols.md §3.3). */
export type WalletBProtocol = 'ECv1' | 'ECv2';

const ZERO_IV = Buffer.alloc(16);

/**
 * A P-256 public key as the uncompressed point `04 || X || Y` (65 bytes): how wallet B's tokens
 * carry the ephemeral key and how its vendor's console takes a merchant's key.
 */
export function uncompressedPoint(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: 'jwk' });
  return Buffer.concat([
    Buffer.of(0x04),
    Buffer.from(jwk.x ?? '', 'base64url'),
    Buffer.from(jwk.y ?? '', 'base64url'),
  ]);
}

/** LV(s): the 4-byte little-endian length of the UTF-8 bytes, then the bytes (protocols.md §3.2). */
export function lengthValue(...parts: readonly string[]): Buffer {
  return Buffer.concat(
    parts.flatMap((part) => {
      const bytes = Buffer.from(part, 'utf8');
      const length = Buffer.alloc(4);
      length.writeUInt32LE(bytes.length);
      return [length, bytes];
    }),
  );
}

/** HKDF-SHA256(ephemeral point ‖ Z, empty salt, "Google"): the encryption key, then the MAC key. */
export function walletBKeys(
  protocol: WalletBProtocol,
  ephemeralPoint: Buffer,
  sharedSecret: Buffer,
): { encryptionKey: Buffer; macKey: Buffer } {
  const half = protocol === 'ECv1' ? 16 : 32;
  const keys = Buffer.from(
    hkdfSync('sha256', Buffer.concat([ephemeralPoint, sharedSecret]), Buffer.alloc(0), 'Google', 2 * half),
  );
  return { encryptionKey: keys.subarray(0, half), macKey: keys.subarray(half) };
}

function cipherName(protocol: WalletBProtocol): string {
  return protocol === 'ECv1' ? 'aes-128-ctr' : 'aes-256-ctr';
}

/** The HMAC-SHA256 tag over the ciphertext, compared in constant time. */
export function tagMatches(macKey: Buffer, ciphertext: Buffer, tag: Buffer): boolean {
  const expected = createHmac('sha256', macKey).update(ciphertext).digest();
  return tag.length === expected.length && timingSafeEqual(tag, expected);
}

export function walletBTag(macKey: Buffer, ciphertext: Buffer): Buffer {
  return createHmac('sha256', macKey).update(ciphertext).digest();
}

/** AES-CTR with a zero IV: safe because every message has a key of its own (protocols.md §3.3). */
export function walletBCipher(
  protocol: WalletBProtocol,
  key: Buffer,
  input: Buffer,
  decrypt: boolean,
): Buffer {
  const cipher = decrypt
    ? createDecipheriv(cipherName(protocol), key, ZERO_IV)
    : createCipheriv(cipherName(protocol), key, ZERO_IV);
  return Buffer.concat([cipher.update(input), cipher.final()]);
}
