import { openAdmin } from '../admin-root.js';
import type { Config } from '../config/config.js';
import { gatewayKeys } from '../config/gateway-keys.js';
import { systemClock } from '../domain/clock.js';
import { cryptoRandom } from '../domain/random-source.js';
import { GatehouseMetrics } from '../observability/metrics.js';
import type { MerchantAdmin } from '../services/merchant-admin.js';
import { MerchantTime } from '../services/sandbox-clock/merchant-time.js';
import { WalletTrust } from '../services/wallets/wallet-trust.js';
import { WalletRepository } from '../store/wallet-repository.js';
import type { Core } from './core.js';
import type { GatehouseOptions } from './gatehouse.js';
import { createLogger } from './logger.js';

export interface StoreModule {
  readonly core: Core;
  /** The merchant administration the CLI uses; its changes drop the process's credential cache. */
  readonly admin: MerchantAdmin;
  /** The vault's current master key, from which the sandbox ACS derives its own. */
  readonly masterKey: Buffer;
}

/**
 * Opens the store (migrated unless a cluster worker leaves it to the primary) and the vault's key,
 * and makes the process's shared tools. Under GATEHOUSE_ENV=production a database that still
 * trusts the sandbox wallet vendors is refused, and closed, before anything else is built on it.
 */
export async function openStoreModule(config: Config, options: GatehouseOptions): Promise<StoreModule> {
  const baseClock = options.clock ?? systemClock;
  const time = new MerchantTime(baseClock);
  const random = options.random ?? cryptoRandom;
  const logger = options.logger ?? createLogger(config);
  const { store, admin, secrets, masterKey, masterKeyGenerated } = await openAdmin(config, {
    clock: baseClock,
    random,
    migrate: options.migrate,
    writeLock: options.writeLock,
  });
  if (config.environment === 'production') {
    try {
      await new WalletTrust(new WalletRepository(store.db), baseClock, random).refuseSandboxInProduction();
    } catch (error) {
      await store.close();
      throw error;
    }
  }
  if (masterKeyGenerated !== undefined) {
    logger.warn(
      { file: masterKeyGenerated },
      'generated a new vault master key; back it up, or set GATEHOUSE_MASTER_KEY',
    );
  }
  const metrics = new GatehouseMetrics();
  const keys = gatewayKeys(config.dataDir);
  return {
    core: { config, store, secrets, clock: time, time, random, logger, metrics, keys },
    admin,
    masterKey,
  };
}
