/**
 * The public API of the wallet A (Apple Pay EC_v1) cryptography. Layers above import from here;
 * the other files of this folder are its parts.
 */
export {
  openWalletAToken,
  WALLET_A_TOKEN_CHARS_MAX,
  type WalletAPaymentData,
} from './open-wallet-a-token.js';
export { WALLET_A_SIGNING_WINDOW_MS, type WalletATrust } from './wallet-a-signature.js';
export type { WalletAMerchantKey } from './wallet-a-merchant-key.js';
export type { WalletAPayment } from './wallet-a-payment.js';
export { readWalletAMerchantIdHash } from './certificate-fields.js';
export { walletAPublicKeyHash } from './wallet-a-cipher.js';
export {
  createWalletAMerchantKey,
  createWalletASandboxAuthority,
  issueWalletAMerchantCertificate,
  walletASandboxTrust,
  type SigningIdentity,
  type WalletASandboxAuthority,
} from './sandbox-authority.js';
export {
  mintWalletAToken,
  walletAApplicationDataHash,
  type MintWalletATokenOptions,
  type WalletASandboxPayment,
} from './mint-wallet-a-token.js';
export {
  WalletTokenError,
  WALLET_TOKEN_ERROR_REASONS,
  type WalletTokenErrorReason,
} from '../wallet-token-error.js';
export { WalletSecret } from '../wallet-secret.js';
export { createCertificateRequest } from './certificate-request.js';
export { OID as WALLET_A_OID } from './wallet-a-oids.js';
