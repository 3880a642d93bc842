import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import type { WalletBRootKey } from '../../processing/wallets/wallet-b/index.js';
import type { WalletCKey } from '../../processing/wallets/wallet-c/index.js';
import type { SecretBox } from '../../security/secret-box.js';
import type { WalletTrustAnchorRow } from '../../store/schema.js';
import type { WalletRepository } from '../../store/wallet-repository.js';
import { ParsedOnce } from '../../security/parsed-once.js';

/**
 * Opened keys by key id and sealed text, certificates by PEM: opening and parsing them was about a
 * third of a wallet A payment's CPU (docs/history/performance-journal.md, change 15). The rows are
 * still read on every payment, so a removed or rotated key is never used again; the opened private
 * keys stay in this process's memory only while their rows exist unchanged, at most KEYS_OPENED_MAX
 * of them.
 */
const KEYS_OPENED_MAX = 1000;
const openedKeys = new ParsedOnce<KeyObject>(KEYS_OPENED_MAX);
const certificates = new ParsedOnce<X509Certificate>(KEYS_OPENED_MAX);

function certificateOf(pem: string): X509Certificate {
  return certificates.get(pem, () => new X509Certificate(pem));
}

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
              privateKey: this.opened(row.id, row.private_key_sealed),
              certificate: certificateOf(row.certificate_pem),
            },
          ],
    );
  }

  async walletBRecipients(merchantId: string): Promise<OpenedWalletBRecipient[]> {
    const byRecipient = new Map<string, KeyObject[]>();
    for (const row of await this.wallets.keysOf(merchantId, 'b')) {
      if (row.recipient_id === null) continue;
      const keys = byRecipient.get(row.recipient_id) ?? [];
      keys.push(this.opened(row.id, row.private_key_sealed));
      byRecipient.set(row.recipient_id, keys);
    }
    return [...byRecipient].map(([recipientId, privateKeys]) => ({ recipientId, privateKeys }));
  }

  /** The merchant's wallet C keys, each with the `kid` a token names it by (none are certified). */
  async walletCKeys(merchantId: string): Promise<WalletCKey[]> {
    const rows = await this.wallets.keysOf(merchantId, 'c');
    return rows.flatMap((row) =>
      row.public_key_hash === null
        ? []
        : [{ kid: row.public_key_hash, privateKey: this.opened(row.id, row.private_key_sealed) }],
    );
  }

  private async trusted(wallet: 'a' | 'b'): Promise<WalletTrustAnchorRow[]> {
    const anchors = await this.wallets.anchorsOf(wallet);
    return this.sandboxTrusted ? anchors : anchors.filter((anchor) => anchor.sandbox === 0);
  }

  async walletARoots(): Promise<X509Certificate[]> {
    const anchors = await this.trusted('a');
    return anchors.filter((anchor) => anchor.kind === 'rootCa').map((anchor) => certificateOf(anchor.value));
  }

  private opened(id: string, sealed: string): KeyObject {
    return openedKeys.get(`${id}\n${sealed}`, () => createPrivateKey(this.box.open(sealed, id)));
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
