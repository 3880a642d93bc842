import { consoleServices, type ConsoleServices } from '../services/console/console-module.js';
import type { MerchantAdmin } from '../services/merchant-admin.js';
import type { MerchantDirectory } from '../services/merchant-directory.js';
import type { Core } from './core.js';
import type { GatehouseOptions } from './gatehouse.js';
import type { MoneyModule } from './money-module.js';
import type { SandboxClockModule } from './sandbox-clock-module.js';
import type { WalletModule } from './wallet-module.js';

/**
 * The operator console's services (services/console/console-module.ts builds them), given what
 * this process has: the sandbox tools outside production, the sandbox wallet A vendor when on.
 */
export function operatorConsoleModule(
  core: Core,
  admin: MerchantAdmin,
  directory: MerchantDirectory,
  money: MoneyModule,
  wallets: WalletModule,
  options: Pick<GatehouseOptions, 'consoleReadHold'>,
  sandboxClocks?: SandboxClockModule,
): ConsoleServices {
  const { config, metrics } = core;
  const { sandboxWallets } = wallets;
  return consoleServices({
    store: core.store,
    directory,
    lifecycle: money.lifecycle,
    admin,
    ...(config.sandboxWallets
      ? {
          certifyWalletA: (publicKeyPem: string, merchantId: string) =>
            sandboxWallets.certifyWalletAKey(publicKeyPem, merchantId),
        }
      : {}),
    secrets: core.secrets,
    random: core.random,
    clock: core.clock,
    scope: core.time,
    ...(config.environment === 'production'
      ? {}
      : {
          sandbox: {
            payment: money.payment,
            expiry: money.expiry,
            scope: core.time,
            ...(sandboxClocks === undefined ? {} : { clocks: sandboxClocks }),
          },
        }),
    latency: () => metrics.acquirerLatency(),
    callbackObserver: metrics,
    ...(options.consoleReadHold === undefined ? {} : { consoleReadHold: options.consoleReadHold }),
  });
}
