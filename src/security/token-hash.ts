import { hash, randomBytes } from 'node:crypto';

const TOKEN_BYTES = 32;

/** API tokens are 256 random bits, so a fast hash is enough: there is nothing to brute-force. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

export function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** A random password within the spec's 30-character limit, from an unambiguous alphabet. */
export function newPassword(length = 24): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = randomBytes(length);
  let result = '';
  // 256 % 57 leaves a small bias; reject the top of the range to keep every character equally likely.
  const limit = 256 - (256 % alphabet.length);
  for (let i = 0; result.length < length; i += 1) {
    const byte = i < bytes.length ? (bytes[i] ?? 0) : (randomBytes(1)[0] ?? 0);
    if (byte < limit) result += alphabet[byte % alphabet.length];
  }
  return result;
}
