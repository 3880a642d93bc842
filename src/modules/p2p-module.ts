import type { Operation } from '../api/operation.js';
import { p2pOperations } from '../api/p2p/p2p-operations.js';
import { P2pTransfer } from '../services/p2p/p2p-transfer.js';
import { TransferOrders } from '../services/p2p/transfer-orders.js';
import { TransferStart } from '../services/p2p/transfer-start.js';
import type { Core } from './core.js';
import type { MoneyModule } from './money-module.js';
import type { ThreeDsModule } from './threeds-module.js';
import type { WalletModule } from './wallet-module.js';

export interface P2pModule {
  readonly transfers: P2pTransfer;
  /** Starts a transfer, with 3-D Secure first when the debited card needs it. */
  readonly transferStart: TransferStart;
  /** The P2P operations. */
  readonly operations: readonly Operation[];
}

/**
 * The card-to-card transfers, made before 3-D Secure: an authenticated payment settles a transfer
 * once its debited card is authenticated, so it is built with them.
 */
export function p2pTransfers(core: Core, money: MoneyModule): P2pTransfer {
  const { store, secrets, clock, random, metrics } = core;
  return new P2pTransfer(
    money.orders,
    store.writes,
    money.money.engine,
    money.money.authorizations,
    money.money.credits,
    money.acquirer,
    secrets,
    clock,
    random,
    money.vault,
    metrics,
  );
}

/** P2P: the transfers' start through 3-D Secure, and their operations. */
export function p2pModule(
  core: Core,
  transfers: P2pTransfer,
  money: MoneyModule,
  threeDs: ThreeDsModule,
  wallets: WalletModule,
): P2pModule {
  const transferStart = new TransferStart(transfers, threeDs.authenticated);
  return {
    transfers,
    transferStart,
    operations: p2pOperations({
      registration: money.registration,
      transferOrders: new TransferOrders(money.query, money.operationRows),
      transfers,
      authenticated: threeDs.authenticated,
      transferStart,
      threeDs: threeDs.threeDs,
      vault: money.vault,
      seTokenKey: () => core.keys.privateKey(),
      walletTokens: wallets.walletTokens,
      walletPayments: wallets.walletPayments,
    }),
  };
}
