import type { X509Certificate } from 'node:crypto';
import type { Clock, MerchantScope } from '../../domain/clock.js';
import type { RandomSource } from '../../domain/random-source.js';
import type { LatencyHistogram } from './latency-summary.js';
import type { SecretBox } from '../../security/secret-box.js';
import { AuditRepository } from '../../store/audit-repository.js';
import { CallbackRepository } from '../../store/callback-repository.js';
import { consoleOrderReads } from '../../store-reports/console-read-thread.js';
import { ConsoleOrderRepository } from '../../store-reports/console-order-repository.js';
import type { Store } from '../../store-engine/index.js';
import { LoginFailureRepository } from '../../store/login-failure-repository.js';
import { MerchantRepository } from '../../store/merchant-repository.js';
import { MoneyStepRepository } from '../../store/money-step-repository.js';
import { OperatorRepository } from '../../store/operator-repository.js';
import { WalletRepository } from '../../store/wallet-repository.js';
import type { MerchantAdmin } from '../merchant-admin.js';
import { OrderRollupRepository } from '../../store-reports/order-rollup-repository.js';
import { OverviewRepository } from '../../store-reports/overview-repository.js';
import type { MerchantDirectory } from '../merchant-directory.js';
import { StepAttention } from '../money-steps/step-attention.js';
import type { OrderLifecycle } from '../order-lifecycle.js';
import { WalletAdmin } from '../wallets/wallet-admin.js';
import { AuditedOnce } from './audited-once.js';
import { ConsoleActions } from './console-actions.js';
import type { CallbackObserver } from '../callbacks/callback-observer.js';
import { ConsoleExports } from './console-exports.js';
import { ConsoleMerchants } from './console-merchants.js';
import { ConsoleOrders } from './console-orders.js';
import { ConsoleOverview } from './console-overview.js';
import { OperatorAccounts } from './operator-accounts.js';
import { OperatorSessions, type SessionLimits } from './operator-sessions.js';
import { RefusedAttempts } from './refused-attempts.js';
import { SharedLoginThrottle } from './shared-login-throttle.js';
import { ConsoleSandbox, type SandboxTools } from './console-sandbox.js';
import { DccRateAdmin } from '../dcc/dcc-rate-admin.js';
import { DccRateRepository } from '../../store/dcc-repository.js';

/** The console's services over one store: what the pages and the operator commands use. */
export interface ConsoleServices {
  readonly accounts: OperatorAccounts;
  readonly sessions: OperatorSessions;
  readonly orders: ConsoleOrders;
  readonly actions: ConsoleActions;
  readonly merchants: ConsoleMerchants;
  readonly sandbox: ConsoleSandbox;
  readonly overview: ConsoleOverview;
  readonly refusedAttempts: RefusedAttempts;
  readonly exports: ConsoleExports;
  /** Ends the list's read thread, if it has one (before the store closes). */
  close(): Promise<void>;
}

export function consoleServices(deps: {
  readonly store: Store;
  readonly directory: MerchantDirectory;
  readonly lifecycle: OrderLifecycle;
  /** The merchant administration the CLI uses, whose changes drop this process's credential cache. */
  readonly admin: MerchantAdmin;
  /** The sandbox wallet A vendor, when sandbox wallets are on: certifies a key made in the console. */
  readonly certifyWalletA?: (publicKeyPem: string, merchantId: string) => Promise<X509Certificate>;
  readonly secrets: SecretBox;
  readonly random: RandomSource;
  readonly clock: Clock;
  /** An operator's move of an order's money is dated on its merchant's clock (sandbox test clocks). */
  readonly scope?: MerchantScope;
  readonly limits?: SessionLimits;
  /** The sandbox tools, or undefined under GATEHOUSE_ENV=production. */
  readonly sandbox?: SandboxTools;
  /** This process's acquirer call times (the metrics' histogram): the database keeps none. */
  readonly latency: () => Promise<readonly LatencyHistogram[]>;
  /** Told of each callback an operator replays (the metrics). */
  readonly callbackObserver?: CallbackObserver;
  /** Tests only: holds the list's reads on their thread (ConsoleReadThread's `hold`). */
  readonly consoleReadHold?: Int32Array;
}): ConsoleServices {
  const { store, directory, secrets, clock } = deps;
  const operators = new OperatorRepository(store.db);
  const audit = new AuditRepository(store.db);
  const orders = new ConsoleOrderRepository(store.db);
  const reads = consoleOrderReads(store, deps.consoleReadHold);
  const list = reads.reads;
  const audited = new AuditedOnce(audit, store.writes, clock);
  const callbacks = new CallbackRepository(store);
  return {
    accounts: new OperatorAccounts(operators, directory, store.writes, secrets, deps.random, clock),
    sessions: new OperatorSessions(
      operators,
      new SharedLoginThrottle(new LoginFailureRepository(store.db), store.writes, deps.random, clock),
      store.writes,
      secrets,
      clock,
      deps.limits,
    ),
    orders: new ConsoleOrders(list, orders, audit, directory),
    actions: new ConsoleActions(
      orders,
      audited,
      deps.lifecycle,
      directory,
      callbacks,
      new StepAttention(new MoneyStepRepository(store.db), store.writes, clock),
      clock,
      deps.callbackObserver,
      deps.scope,
    ),
    merchants: new ConsoleMerchants(
      deps.admin,
      directory,
      new WalletAdmin(
        new MerchantRepository(store.db),
        new WalletRepository(store.db),
        secrets,
        clock,
        deps.random,
      ),
      callbacks,
      audit,
      audited,
      store.writes,
      clock,
      deps.certifyWalletA,
    ),
    sandbox: new ConsoleSandbox(
      deps.sandbox,
      orders,
      audited,
      deps.lifecycle,
      directory,
      new DccRateAdmin(new DccRateRepository(store.db), clock),
    ),
    overview: new ConsoleOverview(
      new OverviewRepository(store.db),
      new OrderRollupRepository(store.db),
      clock,
      deps.latency,
    ),
    refusedAttempts: new RefusedAttempts(store.writes, deps.random, clock),
    exports: new ConsoleExports(list, orders, store.writes, deps.random, clock),
    close: () => reads.close(),
  };
}
