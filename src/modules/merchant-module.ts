import { Authenticator } from '../services/authenticator.js';
import type { MerchantAdmin } from '../services/merchant-admin.js';
import { MerchantDirectory } from '../services/merchant-directory.js';
import { MerchantRepository } from '../store/merchant-repository.js';
import type { Core } from './core.js';

export interface MerchantModule {
  readonly merchants: MerchantRepository;
  readonly directory: MerchantDirectory;
  /** Verifies API users, trusting a verified one for a second; in-process admin changes drop that. */
  readonly authenticator: Authenticator;
}

/** Merchants: their rows, the directory every family reads them through, and authentication. */
export function merchantModule(core: Core, admin: MerchantAdmin): MerchantModule {
  const merchants = new MerchantRepository(core.store.db);
  const directory = new MerchantDirectory(merchants);
  const authenticator = new Authenticator(merchants, directory, core.clock);
  admin.onChange(() => authenticator.forgetVerified());
  return { merchants, directory, authenticator };
}
