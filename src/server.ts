import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import type { Operation } from './api/operation.js';
import { restOperations } from './api/rest/rest-operations.js';
import { walletOperations } from './api/wallet/wallet-operations.js';
import { p2pOperations } from './api/p2p/p2p-operations.js';
import { P2pTransfer } from './services/p2p/p2p-transfer.js';
import { SandboxWallets } from './services/wallets/sandbox-wallets.js';
import { SandboxDirectoryKeys } from './services/sandbox-directory-keys.js';
import { WalletKeyring } from './services/wallets/wallet-keyring.js';
import { WalletPayments } from './services/wallets/wallet-payments.js';
import { WalletTokens } from './services/wallets/wallet-tokens.js';
import { WalletTrust } from './services/wallets/wallet-trust.js';
import { WalletRepository } from './store/wallet-repository.js';
import { OrderRollupRepository } from './store/order-rollup-repository.js';
import { gatewayKeys } from './config/gateway-keys.js';
import { openAdmin } from './admin-root.js';
import { systemClock, type Clock } from './domain/clock.js';
import { cryptoRandom, type RandomSource } from './domain/random-source.js';
import { buildHttpApp } from './http/app.js';
import { Idempotency } from './http/idempotency.js';
import { RateLimiter } from './http/rate-limiter.js';
import { automaticHoldJob } from './jobs/automatic-hold-job.js';
import { moneyStepRecoveryJob } from './jobs/money-step-recovery-job.js';
import { SandboxLedgerRepository } from './processing/sandbox/sandbox-ledger-repository.js';
import type { AcquirerPort } from './processing/acquirer/acquirer-port.js';
import { callbackDeliveryJob } from './jobs/callback-delivery-job.js';
import { idempotencyCleanupJob } from './jobs/idempotency-cleanup-job.js';
import { orderExpiryJob } from './jobs/order-expiry-job.js';
import { orderRollupJob } from './jobs/order-rollup-job.js';
import { JobRunner } from './jobs/periodic-job.js';
import { ServingPresence } from './services/serving-presence.js';
import { ServingProcessRepository } from './store/serving-process-repository.js';
import { withTimeout } from './processing/acquirer/timeout-guard.js';
import { SandboxAcquirer } from './processing/sandbox/sandbox-acquirer.js';
import { TableRateSource } from './processing/dcc/table-rate-source.js';
import { DccCalculationRepository, DccRateRepository } from './store/dcc-repository.js';
import { DccOffers } from './services/dcc/dcc-offers.js';
import { DccRateAdmin, DccRateError } from './services/dcc/dcc-rate-admin.js';
import { ConfigError, type Config } from './config/config.js';
import { readFileSync } from 'node:fs';
import { createHmac, randomUUID } from 'node:crypto';
import { AcsEmulator } from './processing/threeds/acs-emulator.js';
import { ThreeDsServer } from './processing/threeds/three-ds-server.js';
import { acsPages } from './http/pages/acs-routes.js';
import { appAcsPages } from './http/pages/app-acs-routes.js';
import { apiDocs } from './http/pages/api-docs-routes.js';
import { openApiText } from './docs/api-document.js';
import { consolePlugin } from './http/console/console-plugin.js';
import { CONSOLE_PATH } from './http/console/console-session.js';
import { consoleServices, type ConsoleServices } from './services/console/console-module.js';
import { ReadinessProbe } from './store/readiness.js';
import { GatehouseMetrics } from './observability/metrics.js';
import { withMetrics } from './observability/acquirer-metrics.js';
import { listenForScrapes } from './observability/metrics-listener.js';
import { readQueueDepths } from './store/queue-depths.js';
import { QueueWatch } from './observability/queue-watch.js';
import { PROBE_LIMIT_MS } from './store/probe-pool.js';

/** How often the serving process reads the queue depths for the metrics. */
const QUEUE_READ_INTERVAL_MS = 5_000;

/** GET /ready waits this long for the database before it answers 503. */
const READINESS_LIMIT_MS = 2_000;
import { threeDsPages } from './http/pages/threeds-routes.js';
import { TransferStart } from './services/p2p/transfer-start.js';
import { PAYMENT_PAGE, paymentPage } from './http/pages/payment-page-routes.js';
import { merchantPages } from './http/pages/page-flow.js';
import { TRANSFER_PAGE, transferPage } from './http/pages/transfer-page-routes.js';
import { AuthenticatedPayment } from './services/authenticated-payment.js';
import { CvcKeeper } from './services/cvc-keeper.js';
import { CredentialVault } from './services/vault/credential-vault.js';
import { BindingUpkeep } from './services/vault/binding-upkeep.js';
import { BindingWithoutPayment } from './services/vault/binding-without-payment.js';
import { TransferOrders } from './services/p2p/transfer-orders.js';
import { BindingRepository } from './store/binding-repository.js';
import { AcsRepository } from './store/acs-repository.js';
import { ThreeDsRepository } from './store/threeds-repository.js';
import { CardPayment } from './services/card-payment.js';
import { createMoneyEngine } from './services/money-steps/money-engine.js';
import type { StepScheduler } from './services/money-steps/money-step-engine.js';
import type { PaymentEventSink } from './services/callbacks/payment-event.js';
import { CardCredit } from './services/card-credit.js';
import { OrderExpiry } from './services/order-expiry.js';
import { OrderPageVisits } from './services/order-page-visits.js';
import { OrderLifecycle } from './services/order-lifecycle.js';
import { enqueuePaymentCallback } from './services/callbacks/callback-outbox.js';
import type { WriteLock } from './store/write-lock.js';
import { Authenticator } from './services/authenticator.js';
import { MerchantAdmin } from './services/merchant-admin.js';
import { MerchantDirectory } from './services/merchant-directory.js';
import { OrderQuery } from './services/order-query.js';
import { OrderReport } from './services/order-report.js';
import { CallbackAddresses } from './services/callbacks/callback-addresses.js';
import { OrderRegistration } from './services/order-registration.js';
import { CallbackRepository } from './store/callback-repository.js';
import type { Store } from './store/database.js';
import { IdempotencyRepository } from './store/idempotency-repository.js';
import { MerchantRepository } from './store/merchant-repository.js';
import { OperationRepository } from './store/operation-repository.js';
import { OrderDeadlineRepository } from './store/order-deadline-repository.js';
import { OrderMovementRepository } from './store/order-movement-repository.js';
import { OrderRepository } from './store/order-repository.js';
import { OrderReportRepository } from './store/order-report-repository.js';

export interface GatehouseOptions {
  readonly clock?: Clock;
  readonly random?: RandomSource;
  readonly logger?: Logger;
  /** Apply migrations at start (default true); cluster workers leave it to the primary. */
  readonly migrate?: boolean;
  /** Run the background jobs in this process (default true). */
  readonly runJobs?: boolean;
  /**
   * Serve GET /metrics on GATEHOUSE_METRICS_PORT from this process (default true); cluster workers
   * leave it to the primary, which aggregates theirs.
   */
  readonly serveMetrics?: boolean;
  /**
   * Processes of this node sharing its port. Every serving process of every node enforces its
   * share of each per-user limit; the count of them comes from serving_processes (ServingPresence)
   * and never drops below this node's own.
   */
  readonly limitShareCount?: number;
  /** How often this process says it serves (default PRESENCE_INTERVAL_MS); tests make it shorter. */
  readonly presenceIntervalMs?: number;
  /** Serializes commits across processes sharing one SQLite file (cluster workers). */
  readonly writeLock?: WriteLock;
  /**
   * Operations served beside the spec's table, through the same request pipeline (authentication,
   * limits, signatures, parameter tables, envelopes): how a test drives the pipeline's JSON path.
   */
  readonly extraOperations?: readonly Operation[];
  /**
   * Wraps the sandbox acquirer before the timeout guard: how a test holds an answer back, makes
   * one arrive late or counts calls, with the real sandbox behind it.
   */
  readonly acquirerWrapper?: (sandbox: AcquirerPort) => AcquirerPort;
  /** Tests only: the money engine's scheduler, to try the live call and recovery in every order. */
  readonly stepScheduler?: StepScheduler;
  /** How often the metrics' queue depths are read (default QUEUE_READ_INTERVAL_MS); tests make it shorter. */
  readonly queueReadIntervalMs?: number;
  /**
   * Tests only: the console's list reads wait on their thread while this array's first element is
   * 0 (SQLite file databases), so a test sees the serving thread answer while one is under way.
   */
  readonly consoleReadHold?: Int32Array;
}

export interface Gatehouse {
  readonly config: Config;
  readonly store: Store;
  readonly admin: MerchantAdmin;
  readonly app: FastifyInstance;
  readonly jobs: JobRunner;
  /** This process's line in serving_processes, which sizes its share of the limits. */
  readonly presence: ServingPresence;
  readonly logger: Logger;
  /** This instance's Prometheus metrics (served by the metrics listener when one is configured). */
  readonly metrics: GatehouseMetrics;
  /** The operator console's services (accounts, sessions, orders, actions). */
  readonly operatorConsole: ConsoleServices;
  /** Starts the background jobs and listens; resolves to the address it listens on. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

export const LOG_BUFFER_BYTES = 4096;
export const LOG_FLUSH_INTERVAL_MS = 250;

/**
 * JSON lines on stdout (or `file`), buffered: a busy server writes 4 KiB at a time instead of a
 * syscall per line, and a quiet one flushes every 250 ms, so a line never waits longer than that.
 */
export function createLogger(config: Config, file?: string): Logger {
  const destination = pino.destination({ dest: file ?? 1, sync: false, minLength: LOG_BUFFER_BYTES });
  setInterval(() => destination.flush(), LOG_FLUSH_INTERVAL_MS).unref();
  return pino(
    {
      level: config.logLevel,
      base: { service: 'gatehouse' },
      // Bodies are never logged; these paths are a second line of defence for card data and secrets.
      redact: {
        paths: ['pan', 'cvc', 'password', 'token', '*.pan', '*.cvc', '*.password', '*.token', 'req.body'],
        censor: '[redacted]',
      },
    },
    destination,
  );
}

/** Opens the store and the admin service only: what the CLI needs without a server. */
/** The composition root: config -> store -> services -> http. */
/** GATEHOUSE_DCC_RATES_FILE: loaded at every start, so the file is the operator's source of rates. */
async function loadRatesFile(path: string, admin: DccRateAdmin): Promise<void> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new ConfigError(`GATEHOUSE_DCC_RATES_FILE: cannot read ${path}`);
  }
  try {
    await admin.loadFile(text);
  } catch (error) {
    if (error instanceof DccRateError) throw new ConfigError(`GATEHOUSE_DCC_RATES_FILE: ${error.message}`);
    throw error;
  }
}

export async function createGatehouse(config: Config, options: GatehouseOptions = {}): Promise<Gatehouse> {
  const clock = options.clock ?? systemClock;
  const random = options.random ?? cryptoRandom;
  const logger = options.logger ?? createLogger(config);
  const { store, admin, secrets, masterKey, masterKeyGenerated } = await openAdmin(config, {
    clock,
    random,
    migrate: options.migrate,
    writeLock: options.writeLock,
  });
  if (config.environment === 'production') {
    try {
      await new WalletTrust(new WalletRepository(store.db), clock, random).refuseSandboxInProduction();
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
  const merchants = new MerchantRepository(store.db);
  const orders = new OrderRepository(store.db);
  const operationRows = new OperationRepository(store.db);
  const deadlines = new OrderDeadlineRepository(store.db);
  const directory = new MerchantDirectory(merchants);
  const sandbox = new SandboxAcquirer(new SandboxLedgerRepository(store.db, store.writes), clock);
  const metrics = new GatehouseMetrics();
  const acquirer = withMetrics(
    withTimeout(options.acquirerWrapper?.(sandbox) ?? sandbox, config.acquirerTimeoutMs),
    metrics,
  );
  const emit: PaymentEventSink = async (db, event, nowMs) => {
    await enqueuePaymentCallback(db, event, nowMs, random);
  };
  const keys = gatewayKeys(config.dataDir);
  const expiry = new OrderExpiry(deadlines, store.writes, clock, emit);
  const vault = new CredentialVault(new BindingRepository(store.db), secrets, random, clock, emit);
  const movementRows = new OrderMovementRepository();
  const money = createMoneyEngine({
    db: store.db,
    writes: store.writes,
    acquirer,
    box: secrets,
    vault,
    emit,
    clock,
    random,
    logger,
    timing: { acquirerTimeoutMs: config.acquirerTimeoutMs, graceMs: config.recoveryGraceMs },
    ...(options.stepScheduler === undefined ? {} : { scheduler: options.stepScheduler }),
  });
  const { engine: steps, spends } = money;
  const lifecycle = new OrderLifecycle(
    orders,
    movementRows,
    operationRows,
    store.writes,
    steps,
    money.movements,
    clock,
    random,
  );
  const payment = new CardPayment(orders, steps, money.authorizations, clock, random, metrics);
  const credit = new CardCredit(orders, steps, money.credits, secrets, clock, random);
  const transfers = new P2pTransfer(
    orders,
    store.writes,
    steps,
    money.authorizations,
    money.credits,
    acquirer,
    secrets,
    clock,
    random,
    vault,
    metrics,
  );
  // The sandbox ACS signs with a key of its own, derived so it is stable across restarts and nodes.
  const acsKey = createHmac('sha256', masterKey).update('gatehouse sandbox ACS').digest();
  const sandboxDirectory = new SandboxDirectoryKeys(new WalletRepository(store.db), secrets, clock);
  // Made (or read) once per process: the keys never change once made.
  let directoryKeys: ReturnType<SandboxDirectoryKeys['directory']> | undefined;
  const acs = new AcsEmulator(
    new AcsRepository(store.db),
    config.publicUrl,
    acsKey,
    clock,
    random,
    {
      // GATEHOUSE_ENV=production: no sandbox directory, so apps cannot authenticate.
      enabled: config.sandboxWallets,
      directory: () => {
        if (!config.sandboxWallets) throw new Error('the sandbox directory server is off in production');
        directoryKeys ??= sandboxDirectory.directory().catch((error: unknown) => {
          directoryKeys = undefined;
          throw error;
        });
        return directoryKeys;
      },
    },
    secrets,
  );
  const threeDs = new ThreeDsServer(
    new ThreeDsRepository(store.db),
    acs,
    secrets,
    clock,
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
    orders,
    store.writes,
    payment,
    threeDs,
    new CvcKeeper(),
    clock,
    spends,
    transfers,
    metrics,
  );
  const transferStart = new TransferStart(transfers, authenticated);
  const query = new OrderQuery(orders, operationRows, expiry, clock);
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
  const callbackAddresses = new CallbackAddresses(config.callbackPrivateAddresses);
  const registration = new OrderRegistration(
    orders,
    store.writes,
    clock,
    random,
    config.publicUrl,
    callbackAddresses,
  );
  const dccRates = new DccRateRepository(store.db);
  if (config.dccRatesFile !== undefined)
    await loadRatesFile(config.dccRatesFile, new DccRateAdmin(dccRates, clock));
  const dcc = new DccOffers(
    new DccCalculationRepository(store.db),
    new TableRateSource(dccRates),
    acquirer,
    secrets,
    random,
    orders,
    store.writes,
  );
  const operations = restOperations({
    registration,
    query,
    payment,
    authenticated,
    threeDs,
    vault,
    bindingUpkeep: new BindingUpkeep(vault, store.writes),
    bindingWithoutPayment: new BindingWithoutPayment(vault, store.writes),
    lifecycle,
    random,
    seTokenKey: () => keys.privateKey(),
    credit,
    cardDirectory: acs,
    merchants: directory,
    reports: new OrderReport(new OrderReportRepository(store.db), query),
    dcc,
  });
  const authenticator = new Authenticator(merchants, directory, clock);
  const idempotencyKeys = new IdempotencyRepository(store);
  admin.onChange(() => authenticator.forgetVerified());
  const walletPayments = new WalletPayments(payment, walletRows, clock);
  const walletTokens = new WalletTokens(new WalletKeyring(walletRows, secrets, config.sandboxWallets));
  const readiness = new ReadinessProbe(store, READINESS_LIMIT_MS, (state) => {
    if (state.ready) logger.info('ready');
    else logger.warn({ detail: state.detail }, `not ready: ${state.reason}`);
  });
  const operatorConsole = consoleServices({
    store,
    directory,
    lifecycle,
    admin,
    ...(config.sandboxWallets
      ? {
          certifyWalletA: (publicKeyPem: string, merchantId: string) =>
            sandboxWallets.certifyWalletAKey(publicKeyPem, merchantId),
        }
      : {}),
    secrets,
    random,
    clock,
    ...(config.environment === 'production' ? {} : { sandbox: { payment, expiry } }),
    latency: () => metrics.acquirerLatency(),
    callbackObserver: metrics,
    ...(options.consoleReadHold === undefined ? {} : { consoleReadHold: options.consoleReadHold }),
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
    operations: [
      ...operations,
      ...walletOperations({
        registration,
        authenticated,
        threeDs,
        walletPayments,
        walletTokens,
        random,
      }),
      ...p2pOperations({
        registration,
        transferOrders: new TransferOrders(query, operationRows),
        transfers,
        authenticated,
        transferStart,
        threeDs,
        vault,
        seTokenKey: () => keys.privateKey(),
        walletTokens,
        walletPayments,
      }),
      ...(options.extraOperations ?? []),
    ],
    pages: (app) => {
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
        pages: [
          { kind: PAYMENT_PAGE, handlers: paymentPage({ ...pageDeps, vault, payment, dcc }) },
          { kind: TRANSFER_PAGE, handlers: transferPage({ ...pageDeps, vault, transfers, transferStart }) },
        ],
      });
    },
    deps: {
      authenticator,
      directory,
      merchants,
      rateLimiter,
      clock,
      idempotency: new Idempotency(idempotencyKeys, clock),
    },
  });
  const callbackDelivery = callbackDeliveryJob({
    repository: new CallbackRepository(store),
    secrets,
    gatewayKeys: keys,
    clock,
    logger,
    addresses: callbackAddresses,
    observer: metrics,
  });
  const jobs = new JobRunner(
    [
      orderExpiryJob(deadlines, expiry, clock),
      automaticHoldJob(deadlines, lifecycle, directory, clock, logger),
      moneyStepRecoveryJob(steps),
      callbackDelivery,
      idempotencyCleanupJob(idempotencyKeys, clock),
      orderRollupJob(new OrderRollupRepository(store.db), clock),
    ],
    config.jobIntervalMs,
    logger,
  );
  store.writes.observe((units, seconds) => metrics.groupCommit(units, seconds));
  if (store.poolWaiting !== undefined) metrics.poolWaits(store.poolWaiting);
  // The queues are the database's, the same for every worker: the one that runs the jobs reports them.
  const queueWatch =
    options.runJobs === false
      ? undefined
      : new QueueWatch(() => readQueueDepths(store.probe, clock.nowMs()), {
          intervalMs: options.queueReadIntervalMs ?? QUEUE_READ_INTERVAL_MS,
          timeoutMs: PROBE_LIMIT_MS,
        });
  if (queueWatch !== undefined) metrics.queues(() => queueWatch.latest());
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
    async close() {
      await queueWatch?.stop();
      await jobs.stop();
      await presence.stop();
      if (scrapes !== undefined) await new Promise((resolve) => scrapes?.server.close(resolve));
      await app.close();
      await operatorConsole.close();
      await store.close();
      logger.flush();
    },
  };
}
