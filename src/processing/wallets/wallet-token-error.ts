/**
 * Why a wallet token was refused. One list for both wallets so the API layer maps each reason to
 * one refusal code. Replay is not here: the decryptor is pure and the caller keeps the seen
 * transaction ids.
 */
export const WALLET_TOKEN_ERROR_REASONS = [
  'malformed',
  'badSignature',
  'untrustedChain',
  'expired',
  'wrongMerchantKey',
  'unsupportedVersion',
] as const;

export type WalletTokenErrorReason = (typeof WALLET_TOKEN_ERROR_REASONS)[number];

/**
 * The only error the wallet token code throws. The message names the rule that failed and never
 * quotes token contents (no PAN, cryptogram, key or ciphertext bytes), so it may be logged as is.
 */
export class WalletTokenError extends Error {
  readonly reason: WalletTokenErrorReason;

  constructor(reason: WalletTokenErrorReason, message: string) {
    super(message);
    this.name = 'WalletTokenError';
    this.reason = reason;
  }
}

export function isWalletTokenError(error: unknown): error is WalletTokenError {
  return error instanceof WalletTokenError;
}
