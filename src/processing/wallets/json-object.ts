import { WalletTokenError } from './wallet-token-error.js';

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A decrypted payload as the JSON object both wallets send, or the token is malformed. */
export function decryptedObject(plaintext: Buffer): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(plaintext.toString('utf8'));
  } catch {
    throw new WalletTokenError('malformed', 'the decrypted payment data is not JSON');
  }
  if (!isRecord(parsed))
    throw new WalletTokenError('malformed', 'the decrypted payment data is not an object');
  return parsed;
}
