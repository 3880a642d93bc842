import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import type { WalletBRootKey } from '../../processing/wallets/wallet-b/index.js';
import type { SecretBox } from '../../security/secret-box.js';
import type { WalletTrustAnchorRow } from '../../store/schema.js';
import type { WalletRepository } from '../../store/wallet-repository.js';

/** A merchant's wallet A key, opened: the private key and the certificate the vendor issued for it. */
export interface OpenedWalletAKey {
  readonly privateKey: KeyObject;
  readonly certificate: X509Certificate;
}

/** A merchant's wallet B keys for one recipient id, opened (every key is tried: key rotation). */
export interface OpenedWalletBRecipient {
  readonly recipientId: string;
  readonly privateKeys: readonly KeyObject[];
}

/**
 * What the wallet decryptors need on the payment path: a merchant's keys, opened from the vault,
 * and the trust anchors of each wallet's signature chain.
 */
export class WalletKeyring {
  constructor(
    private readonly wallets: WalletRepository,
    private readonly box: SecretBox,
    /** GATEHOUSE_SANDBOX_WALLETS: the sandbox vendors' roots are trusted too. */
    private readonly sandboxTrusted: boolean,
  ) {}

  /** The merchant's wallet A keys that have their certificate (a key without one decrypts nothing). */
  async walletAKeys(merchantId: string): Promise<OpenedWalletAKey[]> {
    const rows = await this.wallets.keysOf(merchantId, 'a');
    return rows.flatMap((row) =>
      row.certificate_pem === null
        ? []
        : [
            {
              privateKey: createPrivateKey(this.box.open(row.private_key_sealed, row.id)),
              certificate: new X509Certificate(row.certificate_pem),
            },
          ],
    );
  }

  async walletBRecipients(merchantId: string): Promise<OpenedWalletBRecipient[]> {
    const byRecipient = new Map<string, KeyObject[]>();
    for (const row of await this.wallets.keysOf(merchantId, 'b')) {
      if (row.recipient_id === null) continue;
      const keys = byRecipient.get(row.recipient_id) ?? [];
      keys.push(createPrivateKey(this.box.open(row.private_key_sealed, row.id)));
      byRecipient.set(row.recipient_id, keys);
    }
    return [...byRecipient].map(([recipientId, privateKeys]) => ({ recipientId, privateKeys }));
  }

  private async trusted(wallet: 'a' | 'b'): Promise<WalletTrustAnchorRow[]> {
    const anchors = await this.wallets.anchorsOf(wallet);
    return this.sandboxTrusted ? anchors : anchors.filter((anchor) => anchor.sandbox === 0);
  }

  async walletARoots(): Promise<X509Certificate[]> {
    const anchors = await this.trusted('a');
    return anchors
      .filter((anchor) => anchor.kind === 'rootCa')
      .map((anchor) => new X509Certificate(anchor.value));
  }

  async walletBRootKeys(): Promise<WalletBRootKey[]> {
    const anchors = await this.trusted('b');
    return anchors
      .filter((anchor) => anchor.kind === 'rootKey' && anchor.protocol_version !== null)
      .map((anchor) => ({
        keyValue: anchor.value,
        protocolVersion: anchor.protocol_version ?? '',
        ...(anchor.key_expiration_ms === null ? {} : { keyExpiration: String(anchor.key_expiration_ms) }),
      }));
  }
}
