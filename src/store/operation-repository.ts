import type { Kysely } from 'kysely';
import { OPERATION_COLUMNS } from './order-columns.js';
import { preparedQuery, type Executor } from './prepared-query.js';
import type { Database, OrderOperationRow } from './schema.js';

/** The outcome's columns, then the operation id. */
const OUTCOME_ARITY = 6;

/** An operation's outcome written on it: markers `v` are the outcome's columns, then its id. */
function completion(db: Executor, v: readonly unknown[]) {
  return db
    .updateTable('order_operations')
    .set({
      state: v[0] as string,
      action_code: v[1] as number,
      rrn: v[2] as string,
      approval_code: v[3] as string,
      completed_at_ms: v[4] as number,
    })
    .where('id', '=', v[5] as string);
}

/**
 * The operation rows of orders: the append-only record of every authorization, capture,
 * reversal, refund and credit, written pending before the acquirer is called and finished once.
 */
export class OperationRepository {
  private readonly insertOperationRow = preparedQuery(
    (db, ...values: unknown[]) =>
      db
        .insertInto('order_operations')
        .values(
          Object.fromEntries(
            OPERATION_COLUMNS.map((column, index) => [column, values[index]]),
          ) as unknown as OrderOperationRow,
        ),
    OPERATION_COLUMNS.length,
  );

  private readonly completeOperationRow = preparedQuery(
    (db, ...v: unknown[]) => completion(db, v),
    OUTCOME_ARITY,
  );

  /** The same completion, only while the operation is still pending. */
  private readonly completePendingRow = preparedQuery(
    (db, ...v: unknown[]) => completion(db, v).where('state', '=', 'pending'),
    OUTCOME_ARITY,
  );

  private readonly operationsOfOrder = preparedQuery(
    (db, orderId: string) =>
      db
        .selectFrom('order_operations')
        .selectAll()
        .where('order_id', '=', orderId)
        .orderBy('created_at_ms')
        .orderBy('id'),
    1,
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
    await this.insertOperationRow(db, ...OPERATION_COLUMNS.map((column) => operation[column]));
  }

  async completeOperation(
    db: Executor,
    operationId: string,
    outcome: Pick<OrderOperationRow, 'state' | 'action_code' | 'rrn' | 'approval_code' | 'completed_at_ms'>,
  ): Promise<void> {
    await this.completeOperationRow(
      db,
      outcome.state,
      outcome.action_code,
      outcome.rrn,
      outcome.approval_code,
      outcome.completed_at_ms,
      operationId,
    );
  }

  /** Finishes an operation still pending; false when something finished it already. */
  async completePendingOperation(
    db: Executor,
    operationId: string,
    outcome: Pick<OrderOperationRow, 'state' | 'action_code' | 'rrn' | 'approval_code' | 'completed_at_ms'>,
  ): Promise<boolean> {
    const result = await this.completePendingRow(
      db,
      outcome.state,
      outcome.action_code,
      outcome.rrn,
      outcome.approval_code,
      outcome.completed_at_ms,
      operationId,
    );
    return result.numAffectedRows === 1n;
  }

  async operationsOf(orderId: string): Promise<OrderOperationRow[]> {
    return (await this.operationsOfOrder(this.db, orderId)).rows;
  }
}
