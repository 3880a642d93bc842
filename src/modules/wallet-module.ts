import type { Operation } from '../api/operation.js';
import { walletOperations } from '../api/wallet/wallet-operations.js';
import { SandboxWallets } from '../services/wallets/sandbox-wallets.js';
import { WalletKeyring } from '../services/wallets/wallet-keyring.js';
import { WalletPayments } from '../services/wallets/wallet-payments.js';
import { WalletTokens } from '../services/wallets/wallet-tokens.js';
import { WalletTrust } from '../services/wallets/wallet-trust.js';
import { WalletRepository } from '../store/wallet-repository.js';
import type { Core } from './core.js';
import type { MoneyModule } from './money-module.js';
import type { ThreeDsModule } from './threeds-module.js';

export interface WalletModule {
  /** The sandbox world's wallet vendors (each made, and its root trusted, at start when on). */
  readonly sandboxWallets: SandboxWallets;
  readonly walletPayments: WalletPayments;
  readonly walletTokens: WalletTokens;
  /** The wallets' payment operations. */
  readonly operations: readonly Operation[];
}

/** Wallets: the vendors' tokens opened with the merchants' keys, and the payments they carry. */
export async function walletModule(
  core: Core,
  money: MoneyModule,
  threeDs: ThreeDsModule,
): Promise<WalletModule> {
  const { config, store, secrets, random } = core;
  // A wallet token's validity is the vendor's, on real time, whatever a merchant's test clock reads.
  const clock = core.time.real;
  const walletRows = new WalletRepository(store.db);
  const sandboxWallets = new SandboxWallets(
    walletRows,
    new WalletTrust(walletRows, clock, random),
    secrets,
    clock,
  );
  // The sandbox world's wallet vendor exists, and its root is trusted, before any token arrives.
  if (config.sandboxWallets) {
    await sandboxWallets.walletA();
    await sandboxWallets.walletB();
  }
  const walletPayments = new WalletPayments(money.payment, walletRows, clock);
  const walletTokens = new WalletTokens(new WalletKeyring(walletRows, secrets, config.sandboxWallets));
  return {
    sandboxWallets,
    walletPayments,
    walletTokens,
    operations: walletOperations({
      registration: money.registration,
      authenticated: threeDs.authenticated,
      threeDs: threeDs.threeDs,
      walletPayments,
      walletTokens,
      random,
    }),
  };
}
