import type { Kysely } from 'kysely';
import type { LedgerCall, LedgerEntry, SandboxLedger } from './sandbox-ledger.js';
import { type GroupCommit, preparedQuery } from '../../store-engine/index.js';
import type { Database, SandboxAcquirerOperationRow } from '../../store/schema.js';

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

const BEHAVIOURS_KEPT = 10_000;

/** Tries at counting a resent call while other calls of the same operation move the count. */
const RESEND_ATTEMPTS_MAX = 100;

/**
 * The sandbox acquirer's memory in the database. Each write is a unit of the group commit of its
 * own, never part of a gateway transaction: the acquirer remembers what it did even when the
 * gateway's unit rolls back. A first call's entry is run ahead (GroupCommit.runAhead): the answer
 * is given once the insert has run, and the entry commits with what the gateway writes next or
 * before it, never after. So the gateway cannot record an answer the acquirer forgot, and a payment
 * waits for two commits, not three
 * (docs/decisions/0111-the-sandbox-acquirers-journal-commits-with-the-gateways.md). Until it
 * commits, this process finds the entry in `queued`; another process could only ask about it after
 * the step's lease ran out.
 */
export class SandboxLedgerRepository implements SandboxLedger {
  private readonly queued = new Map<string, LedgerEntry>();
  /**
   * The behaviour of the operations this process wrote, which never changes: a capture or refund
   * needs only that of its original, so it is not read again (the newest two generations are kept).
   */
  private behaviours = new Map<string, string>();
  /** The generation before: a map used as a queue (delete the oldest key) slows down as it churns. */
  private olderBehaviours = new Map<string, string>();

  // Every payment's path runs these: compiled once, like the gateway's own hot statements.
  private readonly findRow = preparedQuery((db, p: { operationId: string }) =>
    db.selectFrom('sandbox_acquirer_operations').selectAll().where('operation_id', '=', p.operationId),
  );

  private readonly insertRow = preparedQuery(
    (db, p: Omit<LedgerEntry, 'calls'> & { readonly nowMs: number }) =>
      db
        .insertInto('sandbox_acquirer_operations')
        .values({
          operation_id: p.operationId,
          call: p.call,
          order_id: p.orderId,
          original_id: p.originalId,
          behaviour: p.behaviour,
          amount_minor: p.amountMinor,
          currency: p.currency,
          answer: p.answer,
          calls: 1,
          created_at_ms: p.nowMs,
          updated_at_ms: p.nowMs,
        })
        .onConflict((conflict) => conflict.column('operation_id').doNothing()),
  );

  constructor(
    private readonly db: Kysely<Database>,
    private readonly writes: GroupCommit,
  ) {}

  async find(operationId: string): Promise<LedgerEntry | undefined> {
    const queued = this.queued.get(operationId);
    if (queued !== undefined) return queued;
    const row = (await this.findRow(this.db, { operationId })).rows[0];
    return row === undefined ? undefined : entryOf(row);
  }

  async insert(entry: Omit<LedgerEntry, 'calls'>, nowMs: number): Promise<boolean> {
    const { ran, committed } = this.writes.runAhead((db) => this.insertRow(db, { ...entry, nowMs }));
    // The database decides which of two calls of one id is first, as it did when each waited
    // for its commit: the later one's insert waits for or sees the earlier one's row.
    if ((await ran).numAffectedRows !== 1n) return false;
    this.queued.set(entry.operationId, { ...entry, calls: 1 });
    void committed.then(() => this.queued.delete(entry.operationId));
    if (this.behaviours.size >= BEHAVIOURS_KEPT) {
      this.olderBehaviours = this.behaviours;
      this.behaviours = new Map();
    }
    this.behaviours.set(entry.operationId, entry.behaviour);
    return true;
  }

  async behaviourOf(operationId: string): Promise<string | undefined> {
    return (
      this.behaviours.get(operationId) ??
      this.olderBehaviours.get(operationId) ??
      (await this.find(operationId))?.behaviour
    );
  }

  /**
   * Counts one more call of a recorded operation (and keeps a new answer). The count is guarded by
   * the one the caller read, so the unit run twice counts once (group-commit.ts, the unit
   * contract); when another call moved it meanwhile, it is read again.
   */
  async resend(
    operationId: string,
    seenCalls: number,
    answer: string | undefined,
    nowMs: number,
  ): Promise<void> {
    let calls = seenCalls;
    for (let attempt = 1; attempt <= RESEND_ATTEMPTS_MAX; attempt += 1) {
      const seen = calls;
      const counted = await this.writes.run(async (db) => {
        const result = await db
          .updateTable('sandbox_acquirer_operations')
          .set({ calls: seen + 1, updated_at_ms: nowMs, ...(answer === undefined ? {} : { answer }) })
          .where('operation_id', '=', operationId)
          .where('calls', '=', seen)
          .executeTakeFirst();
        return result.numUpdatedRows === 1n;
      });
      if (counted) return;
      const now = await this.find(operationId);
      if (now === undefined) throw new Error(`sandbox ledger lost operation ${operationId}`);
      calls = now.calls;
    }
    throw new Error(`sandbox ledger could not count a call of ${operationId}: its count kept moving`);
  }
}
