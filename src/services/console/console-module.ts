import type { Clock } from '../../domain/clock.js';
import type { RandomSource } from '../../domain/random-source.js';
import type { LatencyHistogram } from '../../observability/metrics.js';
import type { SecretBox } from '../../security/secret-box.js';
import { AuditRepository } from '../../store/audit-repository.js';
import { CallbackRepository } from '../../store/callback-repository.js';
import { ConsoleOrderRepository } from '../../store/console-order-repository.js';
import type { Store } from '../../store/database.js';
import { MoneyStepRepository } from '../../store/money-step-repository.js';
import { OperatorRepository } from '../../store/operator-repository.js';
import { OverviewRepository } from '../../store/overview-repository.js';
import type { MerchantDirectory } from '../merchant-directory.js';
import { StepAttention } from '../money-steps/step-attention.js';
import type { OrderLifecycle } from '../order-lifecycle.js';
import { ConsoleActions } from './console-actions.js';
import { ConsoleOrders } from './console-orders.js';
import { ConsoleOverview } from './console-overview.js';
import { OperatorAccounts } from './operator-accounts.js';
import { OperatorSessions, type SessionLimits } from './operator-sessions.js';

/** The console's services over one store: what the pages and the operator commands use. */
export interface ConsoleServices {
  readonly accounts: OperatorAccounts;
  readonly sessions: OperatorSessions;
  readonly orders: ConsoleOrders;
  readonly actions: ConsoleActions;
  readonly overview: ConsoleOverview;
}

export function consoleServices(deps: {
  readonly store: Store;
  readonly directory: MerchantDirectory;
  readonly lifecycle: OrderLifecycle;
  readonly secrets: SecretBox;
  readonly random: RandomSource;
  readonly clock: Clock;
  readonly limits?: SessionLimits;
  /** This process's acquirer call times (the metrics' histogram): the database keeps none. */
  readonly latency: () => Promise<readonly LatencyHistogram[]>;
}): ConsoleServices {
  const { store, directory, secrets, clock } = deps;
  const operators = new OperatorRepository(store.db);
  const audit = new AuditRepository(store.db);
  const orders = new ConsoleOrderRepository(store.db);
  return {
    accounts: new OperatorAccounts(operators, directory, store.writes, secrets, deps.random, clock),
    sessions: new OperatorSessions(operators, store.writes, secrets, clock, deps.limits),
    orders: new ConsoleOrders(orders, audit, directory),
    actions: new ConsoleActions(
      orders,
      audit,
      deps.lifecycle,
      directory,
      new CallbackRepository(store),
      new StepAttention(new MoneyStepRepository(store.db), store.writes, clock),
      store.writes,
      clock,
    ),
    overview: new ConsoleOverview(new OverviewRepository(store.db), clock, deps.latency),
  };
}
