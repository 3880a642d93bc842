import type { Store } from '../store-engine/index.js';
import type { IdempotencyKeyRow } from './schema.js';

/** The identity of one key: keys are scoped per authenticated merchant. */
export interface IdempotencyScope {
  readonly merchantId: string;
  readonly key: string;
}

/**
 * The `idempotency_keys` table. A row is a reservation while `response_status` is null and the
 * recorded first response afterwards. Writes go through the store's group commit, so on SQLite they
 * share commits (and the cluster write lock) with every other write.
 */
export class IdempotencyRepository {
  constructor(private readonly store: Store) {}

  /**
   * Inserts the reservation; false when the merchant already has a row for the key. The primary key
   * makes this atomic: of concurrent requests with one key exactly one inserts.
   */
  async reserve(scope: IdempotencyScope, path: string, requestHash: string, nowMs: number): Promise<boolean> {
    const result = await this.store.writes.run((db) =>
      db
        .insertInto('idempotency_keys')
        .values({
          merchant_id: scope.merchantId,
          idempotency_key: scope.key,
          path,
          request_hash: requestHash,
          response_status: null,
          response_body: null,
          created_at_ms: nowMs,
        })
        .onConflict((oc) => oc.columns(['merchant_id', 'idempotency_key']).doNothing())
        .executeTakeFirst(),
    );
    return result.numInsertedOrUpdatedRows === 1n;
  }

  async find(scope: IdempotencyScope): Promise<IdempotencyKeyRow | undefined> {
    return this.store.db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('merchant_id', '=', scope.merchantId)
      .where('idempotency_key', '=', scope.key)
      .executeTakeFirst();
  }

  /** Records the first response on a reservation; a row already completed is left as it is. */
  async complete(scope: IdempotencyScope, status: number, body: string): Promise<void> {
    await this.store.writes.run((db) =>
      db
        .updateTable('idempotency_keys')
        .set({ response_status: status, response_body: body })
        .where('merchant_id', '=', scope.merchantId)
        .where('idempotency_key', '=', scope.key)
        .where('response_status', 'is', null)
        .execute(),
    );
  }

  /** Drops a reservation that has no response yet, so a retry with the key can run. */
  async release(scope: IdempotencyScope): Promise<void> {
    await this.store.writes.run((db) =>
      db
        .deleteFrom('idempotency_keys')
        .where('merchant_id', '=', scope.merchantId)
        .where('idempotency_key', '=', scope.key)
        .where('response_status', 'is', null)
        .execute(),
    );
  }

  /** Deletes up to `limit` keys created before `cutoffMs`; returns how many. Safe on many nodes at once. */
  async deleteCreatedBefore(cutoffMs: number, limit: number): Promise<number> {
    const result = await this.store.writes.run((db) =>
      db
        .deleteFrom('idempotency_keys')
        .where((eb) =>
          eb(
            eb.refTuple('merchant_id', 'idempotency_key'),
            'in',
            eb
              .selectFrom('idempotency_keys')
              .select(['merchant_id', 'idempotency_key'])
              .where('created_at_ms', '<', cutoffMs)
              .limit(limit)
              .$asTuple('merchant_id', 'idempotency_key'),
          ),
        )
        .executeTakeFirst(),
    );
    return Number(result.numDeletedRows);
  }
}
