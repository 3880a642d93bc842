import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock, MerchantScope } from '../../domain/clock.js';
import type { RandomSource } from '../../domain/random-source.js';
import type { AcquirerPort } from '../../processing/acquirer/acquirer-port.js';
import type { SecretBox } from '../../security/secret-box.js';
import { CreditRepository } from '../../store/credit-repository.js';
import { DccCalculationRepository } from '../../store/dcc-repository.js';
import type { GroupCommit } from '../../store-engine/index.js';
import { MoneyStepRepository } from '../../store/money-step-repository.js';
import { OperationRepository } from '../../store/operation-repository.js';
import { OrderMovementRepository } from '../../store/order-movement-repository.js';
import { OrderRepository } from '../../store/order-repository.js';
import type { Database } from '../../store/schema.js';
import { WalletRepository } from '../../store/wallet-repository.js';
import type { PaymentEventSink } from '../callbacks/payment-event.js';
import type { CredentialVault } from '../vault/credential-vault.js';
import { AuthorizationSteps } from './authorization-steps.js';
import { CompensationSteps } from './compensation-steps.js';
import { CreditSteps } from './credit-steps.js';
import { IntentWrites } from './intent-writes.js';
import { MoneyStepEngine, type StepScheduler, type StepTiming } from './money-step-engine.js';
import { MovementSteps } from './movement-steps.js';

export interface MoneyEngineParts {
  readonly db: Kysely<Database>;
  readonly writes: GroupCommit;
  readonly acquirer: AcquirerPort;
  readonly box: SecretBox;
  readonly vault: CredentialVault;
  readonly emit: PaymentEventSink;
  readonly clock: Clock;
  /** The merchants' test clocks: the engine's own deadlines stay on `scope.real`. */
  readonly scope?: MerchantScope;
  readonly random: RandomSource;
  readonly logger: Logger;
  readonly timing: StepTiming;
  /** Tests only: holds writers at the engine's await points to try every interleaving. */
  readonly scheduler?: StepScheduler;
}

/** The engine with every step kind defined, and the definitions the services start steps with. */
export interface MoneyEngine {
  readonly engine: MoneyStepEngine;
  readonly authorizations: AuthorizationSteps;
  readonly credits: CreditSteps;
  readonly movements: MovementSteps;
  /** What a payment spends, for a unit that registers an order before its step (3-D Secure first). */
  readonly spends: IntentWrites;
}

/** Builds the money engine over one store and one acquirer: every step kind, once. */
export function createMoneyEngine(parts: MoneyEngineParts): MoneyEngine {
  const { db, writes, acquirer, clock, random, emit } = parts;
  const orders = new OrderRepository(db);
  const operations = new OperationRepository(db);
  const credits = new CreditRepository(db);
  const spends = new IntentWrites(new DccCalculationRepository(db), new WalletRepository(db));
  const engine = new MoneyStepEngine(
    new MoneyStepRepository(db),
    operations,
    writes,
    clock,
    parts.logger,
    parts.timing,
    parts.scheduler,
    parts.scope,
  );
  const stores = { orders, operations, credits, spends };
  const authorizations = new AuthorizationSteps(stores, writes, acquirer, clock, random, emit, parts.vault);
  const creditSteps = new CreditSteps(stores, writes, acquirer, parts.box, clock, random, emit);
  const movements = new MovementSteps(
    orders,
    new OrderMovementRepository(),
    operations,
    writes,
    acquirer,
    clock,
    emit,
  );
  engine.define(authorizations);
  engine.define(creditSteps);
  engine.define(movements);
  engine.define(new CompensationSteps(orders, operations, writes, acquirer, clock, emit));
  return { engine, authorizations, credits: creditSteps, movements, spends };
}
