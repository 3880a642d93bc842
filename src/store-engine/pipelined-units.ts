import type { Writable } from 'node:stream';
import {
  Kysely,
  PostgresDialect,
  sql,
  type LogEvent,
  type PostgresPool,
  type PostgresPoolClient,
} from 'kysely';
import type pg from 'pg';
import { UnitFailed, type OptimisticPass } from './group-commit.js';
import type { Work } from './unit-contract.js';
import { multiRowInsert, type MultiRowInsert } from './multi-row-insert.js';
import { namedQuery } from './named-statements.js';
import { countStatement } from './statement-counter.js';
import { spentBy } from './spent-connection.js';
import type { StoreTables } from './unit-contract.js';

/**
 * PostgreSQL's optimistic pass of a group commit: the batch's units run at once, on one pooled
 * connection, inside one transaction, and their statements are pipelined (the pool's clients are in
 * `pg`'s pipeline mode). What the units issue in one turn of the event loop leaves in one socket
 * write and is answered in one read, so a batch of N registrations costs `begin`, one write and
 * `commit` instead of N + 2 round trips (docs/history/performance-journal.md, change 16), and that
 * write is one multi-row insert rather than N (PipelinedClient, change 21).
 *
 * Running units at once changes only the order in which their statements reach the transaction,
 * the same interleaving two workers' batches already have; units guard their writes in the
 * statements themselves (a claimed order, a pending operation, an insert that meets its twin
 * with `on conflict`). Any unit's failure rolls the batch back, and GroupCommit replays it one
 * unit at a time with savepoints.
 */
export function pipelinedUnits(pool: pg.Pool, log?: (event: LogEvent) => void): OptimisticPass {
  const lender = new BatchConnection();
  const db = new Kysely<StoreTables>({
    dialect: new PostgresDialect({ pool: lender }),
    ...(log === undefined ? {} : { log }),
  });
  return async (works, joinRound) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      lender.lend(client);
      await sql`begin`.execute(db);
      const values = await runAtOnce(db, works);
      values.push(...(await runAtOnce(db, await joinRound(values))));
      // A transaction a statement error aborted is ended by COMMIT with the tag ROLLBACK and no
      // error: a unit that swallowed that error would otherwise be answered "done" and lost.
      countStatement('commit');
      const committed = await client.query('commit');
      if (committed.command !== 'COMMIT') throw new CommitRefused(committed.command);
      return values;
    } catch (error) {
      // Not a unit's failure: begin, commit or the connection failed, and the connection's state
      // is unknown, so it is closed rather than pooled again. A refused commit left it idle. A
      // unit that failed because the server is gone or became a standby spent it too.
      if (error instanceof UnitFailed) broken = spentBy(error.unitError);
      else if (!(error instanceof CommitRefused))
        broken = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      lender.giveBack(client);
      client.release(broken);
    }
  };
}

/** Runs the units at once on the batch's transaction; any unit's failure rolls it back. */
async function runAtOnce(db: Kysely<StoreTables>, works: readonly Work<unknown>[]): Promise<unknown[]> {
  if (works.length === 0) return [];
  const settled = await Promise.allSettled(works.map((work) => work(db)));
  const failed = settled.find((outcome) => outcome.status === 'rejected');
  if (failed !== undefined) {
    await sql`rollback`.execute(db);
    throw new UnitFailed(failed.reason);
  }
  return settled.map((outcome) => (outcome as PromiseFulfilledResult<unknown>).value);
}

/** PostgreSQL ended a batch's transaction with a rollback where a commit was asked: every unit fails. */
export class CommitRefused extends Error {
  constructor(readonly tag: string) {
    super(
      `the database rolled the batch back instead of committing it (${tag}): a unit broke its transaction`,
    );
  }
}

/**
 * The pool Kysely sees for a batch: the one client lent to the batch running now. GroupCommit runs
 * one batch at a time; a second lend while one is out would hand units another batch's
 * transaction, so it is refused.
 */
class BatchConnection implements PostgresPool {
  private lent: PipelinedClient | undefined;
  /** One wrapper per pooled client: Kysely keeps its connection object per client it is given. */
  private readonly wrapped = new WeakMap<pg.PoolClient, PipelinedClient>();

  lend(client: pg.PoolClient): void {
    if (this.lent !== undefined) throw new Error('a batch connection is already lent');
    let wrapper = this.wrapped.get(client);
    if (wrapper === undefined) {
      wrapper = new PipelinedClient(client);
      this.wrapped.set(client, wrapper);
    }
    this.lent = wrapper;
  }

  giveBack(client: pg.PoolClient): void {
    if (this.lent !== undefined && this.lent === this.wrapped.get(client)) this.lent = undefined;
  }

  connect(): Promise<PostgresPoolClient> {
    if (this.lent === undefined) {
      return Promise.reject(new Error('a unit used its batch connection after the batch ended'));
    }
    // Kysely calls only `query(sql, parameters)` here: the dialect has no cursor configured.
    return Promise.resolve(this.lent as unknown as PostgresPoolClient);
  }

  end(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * A pooled client whose queries issued in one turn of the event loop share one socket write: the
 * socket is corked at the first and uncorked once the turn's microtasks have run. Consecutive
 * calls of one plain single-row insert in a turn (the batch's registrations, each its own unit)
 * are sent as its multi-row twin (multi-row-insert.ts): one statement, in the place of the first,
 * so every statement still reaches the transaction in the order it was issued. If that statement
 * fails, each of its callers sees the failure, and the batch is replayed one unit at a time,
 * where every insert runs alone. Releasing the client is the batch's business, not Kysely's.
 */
export class PipelinedClient {
  private turnEnding = false;
  private readonly socket: Writable | undefined;
  /** The inserts waiting to see whether the next call of the turn is the same insert. */
  private pending: PendingInserts | undefined;

  constructor(private readonly client: pg.PoolClient) {
    this.socket = (client as unknown as { connection?: { stream?: Writable } }).connection?.stream;
  }

  query(text: string, values: unknown[]): Promise<pg.QueryResult> {
    if (!this.turnEnding) {
      this.turnEnding = true;
      this.socket?.cork();
      process.nextTick(this.endTurn);
    }
    if (this.pending !== undefined && this.pending.text !== text) this.sendPending();
    const twin = multiRowInsert(text);
    if (twin === undefined) return this.client.query(namedQuery(text, values));
    return new Promise((resolve, reject) => {
      this.pending ??= { text, twin, rows: [], callers: [] };
      this.pending.rows.push(values);
      this.pending.callers.push({ resolve, reject });
    });
  }

  release(): void {
    // The batch releases the real client when it ends.
  }

  private sendPending(): void {
    const { text, twin, rows, callers } = this.pending!;
    this.pending = undefined;
    const json = rows.length > 1 ? twin.json(rows) : undefined;
    if (json === undefined) {
      rows.forEach((values, index) => {
        this.client.query(namedQuery(text, values)).then(callers[index]!.resolve, callers[index]!.reject);
      });
      return;
    }
    this.client.query(namedQuery(twin.text, [json])).then(
      (result) => {
        if (result.rowCount !== rows.length) {
          const error = new Error(`a multi-row insert wrote ${result.rowCount} of ${rows.length} rows`);
          for (const caller of callers) caller.reject(error);
          return;
        }
        // Each caller ran a single-row insert: that is the result it is told.
        const own = { ...result, rowCount: 1, rows: [] };
        for (const caller of callers) caller.resolve(own);
      },
      (error: unknown) => {
        for (const caller of callers) caller.reject(error);
      },
    );
  }

  private readonly endTurn = (): void => {
    if (this.pending !== undefined) this.sendPending();
    this.turnEnding = false;
    this.socket?.uncork();
  };
}

interface PendingInserts {
  readonly text: string;
  readonly twin: MultiRowInsert;
  readonly rows: unknown[][];
  readonly callers: { resolve: (result: pg.QueryResult) => void; reject: (error: unknown) => void }[];
}
