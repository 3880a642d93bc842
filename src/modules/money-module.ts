import type { AcquirerPort } from '../processing/acquirer/acquirer-port.js';
import { withTimeout } from '../processing/acquirer/timeout-guard.js';
import { SandboxAcquirer } from '../processing/sandbox/sandbox-acquirer.js';
import { SandboxLedgerRepository } from '../processing/sandbox/sandbox-ledger-repository.js';
import { withMetrics } from '../observability/acquirer-metrics.js';
import type { CallbackAddresses } from '../services/callbacks/callback-addresses.js';
import type { PaymentEventSink } from '../services/callbacks/payment-event.js';
import { CardCredit } from '../services/card-credit.js';
import { CardPayment } from '../services/card-payment.js';
import { createMoneyEngine, type MoneyEngine } from '../services/money-steps/money-engine.js';
import { OrderExpiry } from '../services/order-expiry.js';
import { OrderLifecycle } from '../services/order-lifecycle.js';
import { OrderQuery } from '../services/order-query.js';
import { OrderRegistration } from '../services/order-registration.js';
import { CredentialVault } from '../services/vault/credential-vault.js';
import { BindingRepository } from '../store/binding-repository.js';
import { OperationRepository } from '../store/operation-repository.js';
import { OrderDeadlineRepository } from '../store/order-deadline-repository.js';
import { OrderMovementRepository } from '../store/order-movement-repository.js';
import { OrderRepository } from '../store/order-repository.js';
import type { Core } from './core.js';
import type { GatehouseOptions } from './gatehouse.js';

export interface MoneyModule {
  readonly orders: OrderRepository;
  readonly operationRows: OperationRepository;
  readonly deadlines: OrderDeadlineRepository;
  /** The sandbox acquirer behind the test's wrapper, the deadline guard and the metrics. */
  readonly acquirer: AcquirerPort;
  readonly expiry: OrderExpiry;
  readonly vault: CredentialVault;
  /** The money engine: every movement of money is one of its steps. */
  readonly money: MoneyEngine;
  readonly lifecycle: OrderLifecycle;
  readonly payment: CardPayment;
  readonly credit: CardCredit;
  readonly query: OrderQuery;
  readonly registration: OrderRegistration;
}

/** Orders and money: the acquirer, the money engine and the services that register and move. */
export function moneyModule(
  core: Core,
  callbacks: { readonly emit: PaymentEventSink; readonly addresses: CallbackAddresses },
  options: Pick<GatehouseOptions, 'acquirerWrapper' | 'stepScheduler'>,
): MoneyModule {
  const { config, store, secrets, clock, random, metrics } = core;
  const { emit } = callbacks;
  const orders = new OrderRepository(store.db);
  const operationRows = new OperationRepository(store.db);
  const deadlines = new OrderDeadlineRepository(store.db);
  const sandbox = new SandboxAcquirer(new SandboxLedgerRepository(store.db, store.writes), clock);
  const acquirer = withMetrics(
    withTimeout(options.acquirerWrapper?.(sandbox) ?? sandbox, config.acquirerTimeoutMs),
    metrics,
  );
  const expiry = new OrderExpiry(deadlines, store.writes, clock, emit);
  const vault = new CredentialVault(new BindingRepository(store.db), secrets, random, clock, emit);
  const money = createMoneyEngine({
    db: store.db,
    writes: store.writes,
    acquirer,
    box: secrets,
    vault,
    emit,
    clock,
    scope: core.time,
    random,
    logger: core.logger,
    timing: { acquirerTimeoutMs: config.acquirerTimeoutMs, graceMs: config.recoveryGraceMs },
    ...(options.stepScheduler === undefined ? {} : { scheduler: options.stepScheduler }),
  });
  const lifecycle = new OrderLifecycle(
    orders,
    new OrderMovementRepository(),
    operationRows,
    store.writes,
    money.engine,
    money.movements,
    clock,
    random,
  );
  return {
    orders,
    operationRows,
    deadlines,
    acquirer,
    expiry,
    vault,
    money,
    lifecycle,
    payment: new CardPayment(orders, money.engine, money.authorizations, clock, random, metrics),
    credit: new CardCredit(orders, money.engine, money.credits, secrets, clock, random),
    query: new OrderQuery(orders, operationRows, expiry, clock),
    registration: new OrderRegistration(
      orders,
      store.writes,
      clock,
      random,
      config.publicUrl,
      callbacks.addresses,
    ),
  };
}
