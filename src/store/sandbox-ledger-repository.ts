import type { Kysely } from 'kysely';
import type { LedgerCall, LedgerEntry, SandboxLedger } from '../processing/sandbox/sandbox-ledger.js';
import type { GroupCommit } from './group-commit.js';
import { preparedQuery } from './prepared-query.js';
import type { Database, SandboxAcquirerOperationRow } from './schema.js';

function entryOf(row: SandboxAcquirerOperationRow): LedgerEntry {
  return {
    operationId: row.operation_id,
    call: row.call as LedgerCall,
    orderId: row.order_id,
    originalId: row.original_id,
    behaviour: row.behaviour,
    amountMinor: Number(row.amount_minor),
    currency: row.currency,
    answer: row.answer,
    calls: Number(row.calls),
  };
}

/**
 * The sandbox acquirer's memory in the database. Each write is a unit of the group commit of its
 * own (durable before the answer is given, as an acquirer's journal is), never part of a gateway
 * transaction: the acquirer remembers what it did even when the gateway's unit rolls back.
 */
export class SandboxLedgerRepository implements SandboxLedger {
  // Every payment's path runs these: compiled once, like the gateway's own hot statements.
  private readonly findRow = preparedQuery(
    (db, operationId: string) =>
      db.selectFrom('sandbox_acquirer_operations').selectAll().where('operation_id', '=', operationId),
    1,
  );

  private readonly insertRow = preparedQuery(
    (db, ...v: unknown[]) =>
      db
        .insertInto('sandbox_acquirer_operations')
        .values({
          operation_id: v[0] as string,
          call: v[1] as string,
          order_id: v[2] as string,
          original_id: v[3] as string | null,
          behaviour: v[4] as string,
          amount_minor: v[5] as number,
          currency: v[6] as string,
          answer: v[7] as string,
          calls: 1,
          created_at_ms: v[8] as number,
          updated_at_ms: v[8] as number,
        })
        .onConflict((conflict) => conflict.column('operation_id').doNothing()),
    9,
  );

  constructor(
    private readonly db: Kysely<Database>,
    private readonly writes: GroupCommit,
  ) {}

  async find(operationId: string): Promise<LedgerEntry | undefined> {
    const row = (await this.findRow(this.db, operationId)).rows[0];
    return row === undefined ? undefined : entryOf(row);
  }

  async insert(entry: Omit<LedgerEntry, 'calls'>, nowMs: number): Promise<boolean> {
    const result = await this.writes.run((db) =>
      this.insertRow(
        db,
        entry.operationId,
        entry.call,
        entry.orderId,
        entry.originalId,
        entry.behaviour,
        entry.amountMinor,
        entry.currency,
        entry.answer,
        nowMs,
      ),
    );
    return result.numAffectedRows === 1n;
  }

  async resend(operationId: string, answer: string | undefined, nowMs: number): Promise<void> {
    await this.writes.run((db) =>
      db
        .updateTable('sandbox_acquirer_operations')
        .set((eb) => ({
          calls: eb('calls', '+', 1),
          updated_at_ms: nowMs,
          ...(answer === undefined ? {} : { answer }),
        }))
        .where('operation_id', '=', operationId)
        .execute(),
    );
  }
}
