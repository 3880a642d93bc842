import type { Kysely } from 'kysely';
import { OPERATION_COLUMNS, pickColumns } from './order-columns.js';
import { preparedQuery, type Executor } from './prepared-query.js';
import type { Database, OrderOperationRow } from './schema.js';

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

  private readonly completeOperationRow = preparedQuery(completion);

  /** The same completion, only while the operation is still pending. */
  private readonly completePendingRow = preparedQuery((db, p: Completion) =>
    completion(db, p).where('state', '=', 'pending'),
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

  async completeOperation(db: Executor, operationId: string, outcome: OperationOutcome): Promise<void> {
    await this.completeOperationRow(db, { ...outcome, operationId });
  }

  /** Finishes an operation still pending; false when something finished it already. */
  async completePendingOperation(
    db: Executor,
    operationId: string,
    outcome: OperationOutcome,
  ): Promise<boolean> {
    const result = await this.completePendingRow(db, { ...outcome, operationId });
    return result.numAffectedRows === 1n;
  }

  async operationsOf(orderId: string): Promise<OrderOperationRow[]> {
    return (await this.operationsOfOrder(this.db, { orderId })).rows;
  }
}
