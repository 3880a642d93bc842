import { pino } from 'pino';
import { loadMasterKey } from '../../src/config/master-key.js';
import { cryptoRandom } from '../../src/domain/random-source.js';
import type { AcquirerPort } from '../../src/processing/acquirer/acquirer-port.js';
import { SecretBox } from '../../src/security/secret-box.js';
import { enqueuePaymentCallback } from '../../src/services/callbacks/callback-outbox.js';
import type { PaymentEventSink } from '../../src/services/callbacks/payment-event.js';
import { CardCredit } from '../../src/services/card-credit.js';
import { createMoneyEngine, type MoneyEngine } from '../../src/services/money-steps/money-engine.js';
import { OrderLifecycle } from '../../src/services/order-lifecycle.js';
import { CredentialVault } from '../../src/services/vault/credential-vault.js';
import { BindingRepository } from '../../src/store/binding-repository.js';
import { OperationRepository } from '../../src/store/operation-repository.js';
import { OrderMovementRepository } from '../../src/store/order-movement-repository.js';
import { OrderRepository } from '../../src/store/order-repository.js';
import type { TestGatehouse } from './gatehouse-harness.js';

/** The money engine and the services on it, over a test gatehouse's store but with an acquirer of the test's own. */
export interface MoneyWorld {
  readonly money: MoneyEngine;
  readonly lifecycle: OrderLifecycle;
  readonly credit: CardCredit;
}

export function moneyWorld(gh: TestGatehouse, acquirer: AcquirerPort): MoneyWorld {
  const { db, writes } = gh.gatehouse.store;
  const box = new SecretBox(loadMasterKey(gh.gatehouse.config));
  const sink: PaymentEventSink = async (executor, event, nowMs) => {
    await enqueuePaymentCallback(executor, event, nowMs, cryptoRandom);
  };
  const money = createMoneyEngine({
    db,
    writes,
    acquirer,
    box,
    vault: new CredentialVault(new BindingRepository(db), box, cryptoRandom, gh.clock, sink),
    emit: sink,
    clock: gh.clock,
    random: cryptoRandom,
    logger: pino({ level: 'silent' }),
    timing: {
      acquirerTimeoutMs: gh.gatehouse.config.acquirerTimeoutMs,
      graceMs: gh.gatehouse.config.recoveryGraceMs,
    },
  });
  const orders = new OrderRepository(db);
  const lifecycle = new OrderLifecycle(
    orders,
    new OrderMovementRepository(),
    new OperationRepository(db),
    writes,
    money.engine,
    money.movements,
    gh.clock,
    cryptoRandom,
  );
  const credit = new CardCredit(orders, money.engine, money.credits, box, gh.clock, cryptoRandom);
  return { money, lifecycle, credit };
}
