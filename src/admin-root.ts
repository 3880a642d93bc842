import type { Config } from './config/config.js';
import { loadMasterKey } from './config/master-key.js';
import { systemClock, type Clock } from './domain/clock.js';
import { cryptoRandom, type RandomSource } from './domain/random-source.js';
import { SecretBox } from './security/secret-box.js';
import { CallbackAddresses } from './services/callbacks/callback-addresses.js';
import { MerchantAdmin } from './services/merchant-admin.js';
import { migrateToLatest, openStore, type Store, type WriteLock } from './store-engine/index.js';
import { MerchantRepository } from './store/merchant-repository.js';

export interface AdminOptions {
  readonly clock?: Clock;
  readonly random?: RandomSource;
  /** Apply migrations at start (default true); cluster workers leave it to the primary. */
  readonly migrate?: boolean;
  /** Serializes commits across processes sharing one SQLite file (cluster workers). */
  readonly writeLock?: WriteLock;
}

/**
 * The administration root: the store, the vault's key and merchant administration, without the
 * HTTP server, the jobs or the sandbox world. The CLI's commands open only this (server.ts builds
 * the serving process on it), so a command loads a fraction of the modules `serve` needs.
 */
export async function openAdmin(
  config: Config,
  options: AdminOptions = {},
): Promise<{
  store: Store;
  admin: MerchantAdmin;
  secrets: SecretBox;
  masterKey: Buffer;
  masterKeyGenerated?: string;
}> {
  const masterKey = loadMasterKey(config);
  const store = openStore(config.database, options.writeLock);
  try {
    if (options.migrate !== false) await migrateToLatest(store);
  } catch (error) {
    await store.close();
    throw error;
  }
  // Another process (`gatehouse vault rotate`) may change the key files while this one runs.
  const secrets = new SecretBox(masterKey, () => loadMasterKey(config));
  const admin = new MerchantAdmin(
    new MerchantRepository(store.db),
    secrets,
    options.clock ?? systemClock,
    options.random ?? cryptoRandom,
    new CallbackAddresses(config.callbackPrivateAddresses),
  );
  return {
    store,
    admin,
    secrets,
    masterKey: masterKey.current,
    ...(masterKey.generatedAt === undefined ? {} : { masterKeyGenerated: masterKey.generatedAt }),
  };
}
