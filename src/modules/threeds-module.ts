import { createHmac } from 'node:crypto';
import { AcsEmulator } from '../processing/threeds/acs-emulator.js';
import { ThreeDsServer } from '../processing/threeds/three-ds-server.js';
import { AuthenticatedPayment } from '../services/authenticated-payment.js';
import { CvcKeeper } from '../services/cvc-keeper.js';
import type { P2pTransfer } from '../services/p2p/p2p-transfer.js';
import { SandboxDirectoryKeys } from '../services/sandbox-directory-keys.js';
import { AcsRepository } from '../store/acs-repository.js';
import { ThreeDsRepository } from '../store/threeds-repository.js';
import { WalletRepository } from '../store/wallet-repository.js';
import type { Core } from './core.js';
import type { MoneyModule } from './money-module.js';

export interface ThreeDsModule {
  /** The sandbox ACS (and its directory server): the issuer's side of 3-D Secure. */
  readonly acs: AcsEmulator;
  /** The 3DS Server: the gateway's side, which knows messages, not orders. */
  readonly threeDs: ThreeDsServer;
  /** A card payment or a transfer with 3-D Secure around it. */
  readonly authenticated: AuthenticatedPayment;
}

/** The sandbox directory, fetched once per process: the keys never change once made. */
function sandboxDirectory(core: Core): () => ReturnType<SandboxDirectoryKeys['directory']> {
  const { config, store } = core;
  const keys = new SandboxDirectoryKeys(new WalletRepository(store.db), core.secrets, core.time.real);
  let directoryKeys: ReturnType<SandboxDirectoryKeys['directory']> | undefined;
  return () => {
    if (!config.sandboxWallets) throw new Error('the sandbox directory server is off in production');
    directoryKeys ??= keys.directory().catch((error: unknown) => {
      directoryKeys = undefined;
      throw error;
    });
    return directoryKeys;
  };
}

/** 3-D Secure: the sandbox ACS and the 3DS Server, connected both ways, and the payments around them. */
export function threeDsModule(
  core: Core,
  masterKey: Buffer,
  money: MoneyModule,
  transfers: P2pTransfer,
): ThreeDsModule {
  const { config, store, secrets, clock, random, logger } = core;
  // The EMV 3DS protocol's own timeouts run on real time: the ACS and the browser do not share a
  // merchant's test clock. The payment around them dates the order on the merchant's.
  const protocolClock = core.time.real;
  // The sandbox ACS signs with a key of its own, derived so it is stable across restarts and nodes.
  const acsKey = createHmac('sha256', masterKey).update('gatehouse sandbox ACS').digest();
  const acs = new AcsEmulator(
    new AcsRepository(store.db),
    config.publicUrl,
    acsKey,
    protocolClock,
    random,
    // GATEHOUSE_ENV=production: no sandbox directory, so apps cannot authenticate.
    { enabled: config.sandboxWallets, directory: sandboxDirectory(core) },
    secrets,
  );
  const threeDs = new ThreeDsServer(
    new ThreeDsRepository(store.db),
    acs,
    secrets,
    protocolClock,
    random,
    config.publicUrl,
    (error, threeDSServerTransID) =>
      logger.error(
        { err: error, threeDSServerTransID },
        'a 3-D Secure authentication failed inside and was ended',
      ),
  );
  acs.connect(threeDs);
  const authenticated = new AuthenticatedPayment(
    money.orders,
    store.writes,
    money.payment,
    threeDs,
    new CvcKeeper(protocolClock),
    clock,
    money.money.spends,
    transfers,
    core.metrics,
    core.time,
  );
  return { acs, threeDs, authenticated };
}
