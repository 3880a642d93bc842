/**
 * The public API of the wallet C (Samsung Pay JWE credential) cryptography. Layers above import
 * from here; the other files of this folder are its parts.
 */
export { decryptWalletCToken, openWalletCToken, walletCJwe, type WalletCKey } from './open-wallet-c-token.js';
export {
  readWalletCPayload,
  WALLET_C_CLOCK_SKEW_MS,
  WALLET_C_MAX_AGE_MS,
  type WalletCPayment,
} from './wallet-c-payload.js';
export { mintWalletCToken, walletCKid, type WalletCSandboxPayment } from './mint-wallet-c-token.js';
