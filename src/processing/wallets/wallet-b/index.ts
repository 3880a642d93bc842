/**
 * The public API of the wallet B (Google Pay ECv1 / ECv2) cryptography. Layers above import from
 * here; the other files of this folder are its parts.
 */
export {
  decryptWalletBToken,
  openWalletBToken,
  WALLET_B_TOKEN_CHARS_MAX,
  type WalletBRecipient,
  type WalletBRootKey,
  type WalletBTrust,
} from './open-wallet-b-token.js';
export { readWalletBPayload, type WalletBAuthMethod, type WalletBPayment } from './wallet-b-payload.js';
export { uncompressedPoint, type WalletBProtocol } from './wallet-b-crypto.js';
export {
  createWalletBSandboxAuthority,
  mintWalletBToken,
  walletBSandboxRootKeys,
  type WalletBSandboxAuthority,
  type WalletBSandboxPayment,
} from './mint-wallet-b-token.js';
