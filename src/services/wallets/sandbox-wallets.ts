import { createPrivateKey, createPublicKey, type X509Certificate } from 'node:crypto';
import type { Clock } from '../../domain/clock.js';
import {
  createWalletASandboxAuthority,
  issueWalletAMerchantCertificate,
  type WalletASandboxAuthority,
} from '../../processing/wallets/wallet-a/index.js';
import {
  createWalletBSandboxAuthority,
  walletBSandboxRootKeys,
  type WalletBSandboxAuthority,
} from '../../processing/wallets/wallet-b/index.js';
import type { SecretBox } from '../../security/secret-box.js';
import { openedIdentity, storedIdentity, type StoredIdentity } from '../stored-identity.js';
import type { WalletRepository } from '../../store/wallet-repository.js';
import type { WalletTrust } from './wallet-trust.js';

/**
 * The sandbox world's wallet vendors: made on first use, kept in the database with their signing
 * keys sealed under the master key (so every node and the CLI share one), and their roots trusted
 * beside the operator's anchors while GATEHOUSE_SANDBOX_WALLETS is on. They sign the sandbox
 * tokens `gatehouse wallet token` mints and the certificates of merchants' sandbox keys.
 */
export class SandboxWallets {
  constructor(
    private readonly wallets: WalletRepository,
    private readonly trust: WalletTrust,
    private readonly box: SecretBox,
    private readonly clock: Clock,
  ) {}

  /** Wallet A's sandbox vendor; its root CA is trusted once it exists. */
  async walletA(): Promise<WalletASandboxAuthority> {
    const kept = await this.wallets.sandboxAuthority('a');
    if (kept !== undefined) return this.openA(kept.material_sealed);
    const made = createWalletASandboxAuthority(this.clock.nowMs());
    const material = JSON.stringify({
      root: storedIdentity(made.root),
      intermediate: storedIdentity(made.intermediate),
      leaf: storedIdentity(made.leaf),
    });
    const mine = await this.wallets.insertSandboxAuthority({
      id: 'a',
      material_sealed: this.box.seal(material, 'a'),
      created_at_ms: this.clock.nowMs(),
    });
    // Another process may have made one first: theirs is the one.
    const authority = mine ? made : await this.walletA();
    await this.trust.addRootCa(authority.root.certificate.toString(), true);
    return authority;
  }

  /** Wallet B's sandbox vendor; its root signing keys (ECv1, ECv2) are trusted once it exists. */
  async walletB(): Promise<WalletBSandboxAuthority> {
    const kept = await this.wallets.sandboxAuthority('b');
    if (kept !== undefined) {
      const material = JSON.parse(this.box.open(kept.material_sealed, 'b')) as Record<
        'ecv1' | 'ecv2',
        string
      >;
      return { ecv1: createPrivateKey(material.ecv1), ecv2: createPrivateKey(material.ecv2) };
    }
    const made = createWalletBSandboxAuthority();
    const pem = (key: typeof made.ecv1) => key.export({ type: 'pkcs8', format: 'pem' }).toString();
    const mine = await this.wallets.insertSandboxAuthority({
      id: 'b',
      material_sealed: this.box.seal(JSON.stringify({ ecv1: pem(made.ecv1), ecv2: pem(made.ecv2) }), 'b'),
      created_at_ms: this.clock.nowMs(),
    });
    const authority = mine ? made : await this.walletB();
    await this.trust.addRootKeys(
      JSON.stringify({ keys: walletBSandboxRootKeys(authority, this.clock.nowMs()) }),
      true,
    );
    return authority;
  }

  /** A certificate for a merchant's wallet A key, as the sandbox vendor issues it from a CSR. */
  async certifyWalletAKey(publicKeyPem: string, merchantId: string): Promise<X509Certificate> {
    return issueWalletAMerchantCertificate({
      authority: await this.walletA(),
      publicKey: createPublicKey(publicKeyPem),
      merchantId,
      nowMs: this.clock.nowMs(),
    });
  }

  private openA(sealed: string): WalletASandboxAuthority {
    const material = JSON.parse(this.box.open(sealed, 'a')) as Record<
      'root' | 'intermediate' | 'leaf',
      StoredIdentity
    >;
    return {
      root: openedIdentity(material.root),
      intermediate: openedIdentity(material.intermediate),
      leaf: openedIdentity(material.leaf),
    };
  }
}
