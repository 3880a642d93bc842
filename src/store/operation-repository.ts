import type { Kysely } from 'kysely';
import { OPERATION_COLUMNS, pickColumns } from './order-columns.js';
import { type Executor, preparedQuery } from '../store-engine/index.js';
import type { Database, OrderOperationRow, StepRow } from './schema.js';

/** Every column of a step, listed (a named statement on PostgreSQL). */
const STEP_ROW_COLUMNS = [
  ...OPERATION_COLUMNS,
  'attempts',
  'next_attempt_at_ms',
  'claimed_until_ms',
  'last_error',
] as const;

/** What finishing an operation writes on it. */
type OperationOutcome = Pick<
  OrderOperationRow,
  'state' | 'action_code' | 'rrn' | 'approval_code' | 'completed_at_ms'
>;

type Completion = OperationOutcome & { readonly operationId: string };

/** An operation's outcome written on it. */
function completion(db: Executor, p: Completion) {
  return db
    .updateTable('order_operations')
    .set({
      state: p.state,
      action_code: p.action_code,
      rrn: p.rrn,
      approval_code: p.approval_code,
      completed_at_ms: p.completed_at_ms,
    })
    .where('id', '=', p.operationId);
}

/**
 * The operation rows of orders: the append-only record of every authorization, capture,
 * reversal, refund and credit, written pending before the acquirer is called and finished once.
 */
export class OperationRepository {
  private readonly insertOperationRow = preparedQuery((db, p: OrderOperationRow) =>
    db.insertInto('order_operations').values(pickColumns(p, OPERATION_COLUMNS)),
  );

  /** The same completion, only while the operation is still pending; the row as it left it. */
  private readonly completePendingRow = preparedQuery((db, p: Completion) =>
    completion(db, p).where('state', '=', 'pending').returning(STEP_ROW_COLUMNS),
  );

  private readonly stepById = preparedQuery((db, p: { operationId: string }) =>
    db.selectFrom('order_operations').select(STEP_ROW_COLUMNS).where('id', '=', p.operationId),
  );

  /**
   * Rewrites nothing, but only on a pending step: the guard (and, on PostgreSQL, the row lock) of a
   * unit that changes the order while the step stays pending, so it waits for, and then loses to,
   * a unit that finished the step.
   */
  private readonly touchPendingRow = preparedQuery((db, p: { operationId: string }) =>
    db
      .updateTable('order_operations')
      .set({ state: 'pending' })
      .where('id', '=', p.operationId)
      .where('state', '=', 'pending'),
  );

  private readonly operationsOfOrder = preparedQuery((db, p: { orderId: string }) =>
    db
      .selectFrom('order_operations')
      .selectAll()
      .where('order_id', '=', p.orderId)
      .orderBy('created_at_ms')
      .orderBy('id'),
  );

  constructor(private readonly db: Kysely<Database>) {}

  /** The operation of a kind an order holds under a merchant's external id (unique by index). */
  async findOperationByExternalId(
    orderId: string,
    kind: string,
    externalId: string,
  ): Promise<OrderOperationRow | undefined> {
    return this.db
      .selectFrom('order_operations')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('kind', '=', kind)
      .where('external_id', '=', externalId)
      .executeTakeFirst();
  }

  async insertOperation(db: Executor, operation: OrderOperationRow): Promise<void> {
    await this.insertOperationRow(db, operation);
  }

  /**
   * Finishes a step still pending: the guard of every settle. The step as it left it, or
   * undefined when something finished it already.
   */
  async completePendingOperation(
    db: Executor,
    operationId: string,
    outcome: OperationOutcome,
  ): Promise<StepRow | undefined> {
    return (await this.completePendingRow(db, { ...outcome, operationId })).rows[0];
  }

  /** The step as committed: what another writer settled it to. */
  async step(operationId: string): Promise<StepRow | undefined> {
    return (await this.stepById(this.db, { operationId })).rows[0];
  }

  /** Inside the caller's unit: the step as the unit sees it. */
  async stepIn(db: Executor, operationId: string): Promise<StepRow[]> {
    return (await this.stepById(db, { operationId })).rows;
  }

  /** True when the step is still pending; it stays so, locked until the unit ends. */
  async holdPending(db: Executor, operationId: string): Promise<boolean> {
    const result = await this.touchPendingRow(db, { operationId });
    return result.numAffectedRows === 1n;
  }

  async operationsOf(orderId: string): Promise<OrderOperationRow[]> {
    return (await this.operationsOfOrder(this.db, { orderId })).rows;
  }
}
