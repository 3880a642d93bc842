import type { KeyObject, X509Certificate } from 'node:crypto';

/**
 * One merchant's wallet A key: the P-256 private key and the payment processing certificate the
 * wallet vendor issued for it (the certificate carries the merchant-id hash the KDF needs, and its
 * public key hash names the key in each token's header).
 */
export interface WalletAMerchantKey {
  readonly privateKey: KeyObject;
  readonly certificate: X509Certificate;
}
