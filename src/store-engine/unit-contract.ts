import type { Kysely, Transaction } from 'kysely';

/**
 * The tables the engine's handles are typed with. The engine knows no table: the store merges its
 * schema into this interface (src/store/engine-tables.ts), so every query a repository builds is
 * checked against the store's tables while nothing in the engine imports the store.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the store's declaration merge
export interface StoreTables {}

/** What a statement runs on: the store's handle, or the transaction of the unit it belongs to. */
export type Executor = Kysely<StoreTables> | Transaction<StoreTables>;

/**
 * A unit of work: what GroupCommit runs on a batch's transaction, or alone with a savepoint. The
 * unit contract: every unit given to `run` or `runAhead`:
 * 1. depends only on the database state it reads and on its own arguments: it may run twice, in
 *    the batch and again alone when the batch is replayed, and the second run must be refused by
 *    its guard or change nothing;
 * 2. guards its writes in its statements (a claimed order, a pending operation, `on conflict`):
 *    on PostgreSQL a batch's units run at once, so row locks no longer order them;
 * 3. takes no `FOR UPDATE` lock: units running at once would wait on each other in one
 *    transaction;
 * 4. swallows no statement error: PostgreSQL aborts the transaction, and the batch then fails
 *    whole (its COMMIT answers ROLLBACK, see pipelined-units.ts);
 * 5. has no effect outside its transaction (no acquirer call, no message sent, no memory written
 *    that outlives a rollback): it may be rolled back or run again.
 * A unit run ahead must not fail on its own at all: it is tried again until it commits.
 */
export type Work<T> = (db: Executor) => Promise<T>;
