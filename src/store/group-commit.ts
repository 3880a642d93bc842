import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema.js';
import { NO_WRITE_LOCK, type WriteLock } from './write-lock.js';

export type Work<T> = (db: Kysely<Database> | Transaction<Database>) => Promise<T>;

interface Pending {
  readonly work: Work<unknown>;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

export const GROUP_COMMIT_BATCH_MAX = 256;

/**
 * Runs a batch's units in one transaction and commits it, or rolls it back and throws UnitFailed
 * when a unit throws. SQLite's runs them one after the other; PostgreSQL's at once, pipelined
 * (pipelined-units.ts).
 */
export type OptimisticPass = (works: readonly Work<unknown>[]) => Promise<unknown[]>;

/** When a batch starts once a unit is queued. */
export type FlushSchedule = (flush: () => void) => void;

/**
 * SQLite's commit holds the event loop (better-sqlite3 is synchronous, the fsync included), so its
 * batch starts one loop turn later, in the check phase after the next poll: the requests that
 * arrived while the turn that queued the unit was busy (the load's stragglers, which would
 * otherwise wait for the whole next commit) join it, and reading the requests and committing them
 * fall in two shorter turns instead of one long one (docs/performance.md, change 20).
 */
export const afterNextPoll: FlushSchedule = (flush) => {
  setImmediate(() => setImmediate(flush));
};

/**
 * Atomic units of writes. Units queued while a commit is on its way share the next transaction
 * (group commit): on SQLite one fsync (synchronous=FULL) makes many durable; on PostgreSQL one
 * `begin` and one `commit` (and one WAL flush) serve the batch instead of two round trips per
 * unit, which was most of a registration's cost there (docs/performance.md). A unit that throws
 * (a duplicate order number, a lost guard) is rolled back alone (see commitBatch), and each caller
 * is answered only after the commit.
 */
export class GroupCommit {
  private queue: Pending[] = [];
  private flushing = false;

  private readonly lock: WriteLock;
  private readonly optimisticPass: OptimisticPass;
  private readonly schedule: FlushSchedule;

  constructor(
    private readonly db: Kysely<Database>,
    options: {
      /** Taken around each batch (SQLite cluster workers share one writer). */
      readonly lock?: WriteLock;
      /** How a batch's units run in its transaction; one after the other by default. */
      readonly optimisticPass?: OptimisticPass;
      /** When a batch starts; in the current check phase by default. */
      readonly schedule?: FlushSchedule;
    } = {},
  ) {
    this.lock = options.lock ?? NO_WRITE_LOCK;
    this.optimisticPass = options.optimisticPass ?? oneAfterAnother(db);
    this.schedule = options.schedule ?? setImmediate;
  }

  run<T>(work: Work<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.flushing) {
        this.flushing = true;
        this.schedule(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    while (this.queue.length > 0) {
      const release = await this.lock.acquire();
      // Taken after the lock: writes that arrived while waiting for it share this commit.
      const batch = this.queue.splice(0, GROUP_COMMIT_BATCH_MAX);
      let outcomes: Outcome[];
      try {
        outcomes = await this.commitBatch(batch);
      } catch (error) {
        for (const item of batch) item.reject(error);
        continue;
      } finally {
        release();
      }
      batch.forEach((item, index) => {
        const outcome = outcomes[index];
        if (outcome?.ok === true) item.resolve(outcome.value);
        else item.reject(outcome?.value);
      });
    }
    this.flushing = false;
  }

  /**
   * Units almost never fail, so the batch first runs without savepoints (four statements fewer per
   * two-unit request). If a unit throws, the whole transaction rolls back; a batch of that one unit
   * is then done (its rollback was the unit's), any other batch runs again with a savepoint around
   * each unit, so the failed unit is undone alone and the others commit as before. A unit of one
   * that PostgreSQL chose as a deadlock's victim runs again too: the other transaction has ended.
   */
  private async commitBatch(batch: readonly Pending[]): Promise<Outcome[]> {
    try {
      const values = await this.optimisticPass(batch.map((item) => item.work));
      return values.map((value) => ({ ok: true, value }));
    } catch (error) {
      if (!(error instanceof UnitFailed)) throw error;
      if (batch.length === 1 && !isLockConflict(error.unitError))
        return [{ ok: false, value: error.unitError }];
    }
    const outcomes: Outcome[] = [];
    await this.db.transaction().execute(async (trx) => {
      for (const item of batch) {
        await sql`savepoint unit`.execute(trx);
        try {
          outcomes.push({ ok: true, value: await item.work(trx) });
        } catch (error) {
          await sql`rollback to savepoint unit`.execute(trx);
          outcomes.push({ ok: false, value: error });
        }
        await sql`release savepoint unit`.execute(trx);
      }
    });
    return outcomes;
  }
}

function oneAfterAnother(db: Kysely<Database>): OptimisticPass {
  return async (works) => {
    const values: unknown[] = [];
    await db.transaction().execute(async (trx) => {
      for (const work of works) {
        try {
          values.push(await work(trx));
        } catch (error) {
          throw new UnitFailed(error);
        }
      }
    });
    return values;
  };
}

interface Outcome {
  readonly ok: boolean;
  readonly value: unknown;
}

/**
 * PostgreSQL ends a transaction caught in a deadlock (40P01) or a serialization conflict (40001);
 * batches from two workers can meet that way where single units would not, so it is retried.
 */
function isLockConflict(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return code === '40P01' || code === '40001';
}

/** A unit's own failure, told apart from the transaction's (begin, commit, the disk). */
export class UnitFailed extends Error {
  constructor(readonly unitError: unknown) {
    super('a unit of the batch failed');
  }
}
