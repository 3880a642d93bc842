import { loadMasterKey } from '../../src/config/master-key.js';
import { cryptoRandom } from '../../src/domain/random-source.js';
import { SecretBox } from '../../src/security/secret-box.js';
import { SandboxWallets } from '../../src/services/wallets/sandbox-wallets.js';
import { WalletAdmin } from '../../src/services/wallets/wallet-admin.js';
import { WalletKeyring } from '../../src/services/wallets/wallet-keyring.js';
import { WalletTrust } from '../../src/services/wallets/wallet-trust.js';
import { MerchantRepository } from '../../src/store/merchant-repository.js';
import { WalletRepository } from '../../src/store/wallet-repository.js';
import type { TestGatehouse } from './gatehouse-harness.js';

/** The wallet services of a test server's store, as the CLI builds them (sandbox vendors trusted). */
export function walletServices(gh: TestGatehouse) {
  const wallets = new WalletRepository(gh.gatehouse.store.db);
  const box = new SecretBox(loadMasterKey(gh.gatehouse.config));
  const trust = new WalletTrust(wallets, gh.clock, cryptoRandom);
  return {
    trust,
    admin: new WalletAdmin(
      new MerchantRepository(gh.gatehouse.store.db),
      wallets,
      box,
      gh.clock,
      cryptoRandom,
    ),
    keyring: new WalletKeyring(wallets, box, true),
    sandbox: new SandboxWallets(wallets, trust, box, gh.clock),
  };
}

export type WalletServices = ReturnType<typeof walletServices>;
