import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Operation } from '../api/operation.js';
import { openApiText } from '../docs/api-document.js';
import { buildHttpApp } from '../http/app.js';
import { consolePlugin } from '../http/console/console-plugin.js';
import { CONSOLE_PATH } from '../http/console/console-session.js';
import { Idempotency } from '../http/idempotency.js';
import { acsPages } from '../http/pages/acs-routes.js';
import { apiDocs } from '../http/pages/api-docs-routes.js';
import { appAcsPages } from '../http/pages/app-acs-routes.js';
import { merchantPages } from '../http/pages/page-flow.js';
import { PAYMENT_PAGE, paymentPage } from '../http/pages/payment-page-routes.js';
import { threeDsPages } from '../http/pages/threeds-routes.js';
import { TRANSFER_PAGE, transferPage } from '../http/pages/transfer-page-routes.js';
import { RateLimiter } from '../http/rate-limiter.js';
import type { ConsoleServices } from '../services/console/console-module.js';
import type { DccOffers } from '../services/dcc/dcc-offers.js';
import { OrderPageVisits } from '../services/order-page-visits.js';
import { ServingPresence } from '../services/serving-presence.js';
import { IdempotencyRepository } from '../store/idempotency-repository.js';
import { ReadinessProbe } from '../store-engine/index.js';
import { ServingProcessRepository } from '../store/serving-process-repository.js';
import type { Core } from './core.js';
import type { GatehouseOptions } from './gatehouse.js';
import type { MerchantModule } from './merchant-module.js';
import type { MoneyModule } from './money-module.js';
import type { P2pModule } from './p2p-module.js';
import type { ThreeDsModule } from './threeds-module.js';

/** GET /ready waits this long for the database before it answers 503. */
const READINESS_LIMIT_MS = 2_000;

/** The families the HTTP surfaces serve. */
export interface Modules {
  readonly core: Core;
  readonly merchants: MerchantModule;
  readonly money: MoneyModule;
  readonly threeDs: ThreeDsModule;
  readonly p2p: P2pModule;
  readonly dcc: DccOffers;
  readonly operatorConsole: ConsoleServices;
}

export interface HttpModule {
  readonly app: FastifyInstance;
  /** GET /ready's check, which the metrics listener answers too. */
  readonly readiness: ReadinessProbe;
  /** This process's line in serving_processes, which sizes its share of the limits. */
  readonly presence: ServingPresence;
  /** The idempotency keys, which the requests reserve and a job clears. */
  readonly idempotencyKeys: IdempotencyRepository;
}

/** The browser-facing surfaces beside the merchant API, each a Fastify plugin under its prefix: 3-D Secure, the ACS, the docs, the console, the pages. */
export function registerSurfaces(app: FastifyInstance, modules: Modules): void {
  const { config, store, random, clock } = modules.core;
  const { query, vault, payment } = modules.money;
  const { acs, threeDs, authenticated } = modules.threeDs;
  const { transfers, transferStart } = modules.p2p;
  const { directory } = modules.merchants;
  const { dcc, operatorConsole } = modules;
  void app.register(threeDsPages, { prefix: '/payment', server: threeDs, payments: authenticated });
  void app.register(acsPages, { prefix: '/acs', acs });
  void app.register(appAcsPages, { prefix: '/acs/app', acs });
  void app.register(apiDocs, { document: openApiText() });
  void app.register(consolePlugin, {
    prefix: CONSOLE_PATH,
    ...operatorConsole,
    secureCookies: config.publicUrl.startsWith('https:'),
  });
  const visits = new OrderPageVisits(store.writes, random, clock);
  const pageDeps = { directory, query, payments: authenticated, server: threeDs, clock, visits };
  void app.register(merchantPages, {
    prefix: '/payment/merchants',
    directory,
    scope: modules.core.time,
    pages: [
      { kind: PAYMENT_PAGE, handlers: paymentPage({ ...pageDeps, vault, payment, dcc }) },
      { kind: TRANSFER_PAGE, handlers: transferPage({ ...pageDeps, vault, transfers, transferStart }) },
    ],
  });
}

/**
 * The HTTP app: the merchant API's `operations` through the request pipeline, the surfaces, the
 * readiness check, and the per-user limits shared among the serving processes present.
 */
export async function httpModule(
  modules: Modules,
  operations: readonly Operation[],
  options: Pick<GatehouseOptions, 'limitShareCount' | 'presenceIntervalMs'>,
): Promise<HttpModule> {
  const { config, store, clock, logger, metrics } = modules.core;
  const { authenticator, directory, merchants } = modules.merchants;
  const idempotencyKeys = new IdempotencyRepository(store);
  const readiness = new ReadinessProbe(store, READINESS_LIMIT_MS, (state) => {
    if (state.ready) logger.info('ready');
    else logger.warn({ detail: state.detail }, `not ready: ${state.reason}`);
  });
  const rateLimiter = new RateLimiter(clock, options.limitShareCount ?? 1);
  const presence = new ServingPresence(store.writes, new ServingProcessRepository(store), logger, {
    // Not options.random: a seeded source would give two nodes of one test the same id.
    id: randomUUID(),
    ownProcesses: options.limitShareCount ?? 1,
    onCount: (processes) => rateLimiter.share(processes),
    ...(options.presenceIntervalMs === undefined ? {} : { intervalMs: options.presenceIntervalMs }),
  });
  const app = await buildHttpApp({
    logger,
    bodyLimitBytes: config.bodyLimitBytes,
    readiness: () => readiness.check(),
    metrics,
    operations,
    pages: (app) => registerSurfaces(app, modules),
    deps: {
      authenticator,
      directory,
      merchants,
      rateLimiter,
      clock,
      scope: modules.core.time,
      // A key's retention and a dead request's reservation protect the process: real time, as
      // the cleanup job reads it, whatever the merchant's test clock reads (issue 45).
      idempotency: new Idempotency(idempotencyKeys, modules.core.time.real),
    },
  });
  return { app, readiness, presence, idempotencyKeys };
}
