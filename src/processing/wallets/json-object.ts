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

/** A decrypted payload that lacks a member, or holds one of the wrong form. */
export function malformedPayload(what: string): WalletTokenError {
  return new WalletTokenError('malformed', `the decrypted payment data has no valid ${what}`);
}

/** A string member of a decrypted payload matching `pattern`, or the token is malformed. */
export function payloadText(record: Record<string, unknown>, name: string, pattern: RegExp): string {
  const value = record[name];
  if (typeof value !== 'string' || !pattern.test(value)) throw malformedPayload(name);
  return value;
}
