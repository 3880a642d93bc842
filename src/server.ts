import type { Config } from './config/config.js';
import { listenForScrapes } from './observability/metrics-listener.js';
import { callbacksModule } from './modules/callbacks-module.js';
import { dccModule } from './modules/dcc-module.js';
import type { Gatehouse, GatehouseOptions } from './modules/gatehouse.js';
import { httpModule } from './modules/http-module.js';
import { jobsModule } from './modules/jobs-module.js';
import { merchantModule } from './modules/merchant-module.js';
import { metricsModule } from './modules/metrics-module.js';
import { moneyModule } from './modules/money-module.js';
import { operatorConsoleModule } from './modules/operator-console-module.js';
import { p2pModule, p2pTransfers } from './modules/p2p-module.js';
import { restModule } from './modules/rest-module.js';
import { sandboxClockOperations } from './api/rest/sandbox-clock-operations.js';
import { sandboxClockModule } from './modules/sandbox-clock-module.js';
import { AutomaticHoldActions } from './jobs/automatic-hold-job.js';
import { openStoreModule } from './modules/store-module.js';
import { threeDsModule } from './modules/threeds-module.js';
import { walletModule } from './modules/wallet-module.js';

export type { Gatehouse, GatehouseOptions } from './modules/gatehouse.js';
export { createLogger, LOG_BUFFER_BYTES, LOG_FLUSH_INTERVAL_MS } from './modules/logger.js';

/**
 * The composition root: configuration -> store -> modules -> http. Each family is wired by a
 * module of its own (src/modules); this says only in what order they are built, started and
 * stopped (docs/decisions/0150).
 */
export async function createGatehouse(config: Config, options: GatehouseOptions = {}): Promise<Gatehouse> {
  const { core, admin, masterKey } = await openStoreModule(config, options);
  const { store, logger, metrics } = core;
  const merchants = merchantModule(core, admin);
  const callbacks = callbacksModule(core);
  const money = moneyModule(core, callbacks, options);
  // Transfers come before 3-D Secure: an authenticated payment settles a transfer's debit.
  const transfers = p2pTransfers(core, money);
  const threeDs = threeDsModule(core, masterKey, money, transfers);
  const wallets = await walletModule(core, money, threeDs);
  const dcc = await dccModule(core, money);
  const p2p = p2pModule(core, transfers, money, threeDs, wallets);
  const holds = new AutomaticHoldActions(money.lifecycle, merchants.directory, logger);
  const sandboxClocks = sandboxClockModule(core, money, callbacks, holds);
  await sandboxClocks?.start();
  const operations = [
    ...restModule(core, money, threeDs, merchants.directory, dcc),
    ...wallets.operations,
    ...p2p.operations,
    ...sandboxClockOperations(sandboxClocks),
    ...(options.extraOperations ?? []),
  ];
  const operatorConsole = operatorConsoleModule(
    core,
    admin,
    merchants.directory,
    money,
    wallets,
    options,
    sandboxClocks,
  );
  const modules = { core, merchants, money, threeDs, p2p, dcc, operatorConsole };
  const { app, readiness, presence, idempotencyKeys } = await httpModule(modules, operations, options);
  const jobs = jobsModule(core, money, callbacks, idempotencyKeys, holds);
  const queueWatch = metricsModule(core, options);
  let scrapes: Awaited<ReturnType<typeof listenForScrapes>> | undefined;
  return {
    config,
    store,
    admin,
    app,
    jobs,
    logger,
    metrics,
    operatorConsole,
    presence,
    sandboxClocks,
    // Started in this order: the jobs, the queue reads and the presence before the port opens.
    async listen() {
      if (options.runJobs !== false) jobs.start();
      await queueWatch?.start();
      await presence.start();
      const address = await app.listen({ port: config.port, host: config.host });
      if (config.metricsPort !== undefined && options.serveMetrics !== false) {
        scrapes = await listenForScrapes(config.host, config.metricsPort, {
          text: () => metrics.text(),
          readiness: () => readiness.check(),
        });
        logger.info({ metrics: scrapes.url }, 'metrics listening');
      }
      return address;
    },
    // Stopped in this order: nothing new starts (jobs, reads, presence), the listeners drain,
    // then the console's read thread and, last, the store they all write through.
    async close() {
      await queueWatch?.stop();
      await jobs.stop();
      sandboxClocks?.stop();
      await presence.stop();
      if (scrapes !== undefined) await new Promise((resolve) => scrapes?.server.close(resolve));
      await app.close();
      await operatorConsole.close();
      await store.close();
      logger.flush();
    },
  };
}
