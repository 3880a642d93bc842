import { sql, type Kysely } from 'kysely';
import type { StoreTables, Work } from './unit-contract.js';
import type { UnitCheck } from './store-checks.js';
import { NO_WRITE_LOCK, type WriteLock } from './write-lock.js';

interface Pending {
  readonly work: Work<unknown>;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
  /** Queued by runAhead: told its value once it ran; committed before anything queued after it. */
  readonly ahead?: { readonly ran: (value: unknown) => void };
}

export const GROUP_COMMIT_BATCH_MAX = 256;
/** How long a batch whose unit run ahead failed waits before it is tried again, doubling up to the cap. */
export const AHEAD_RETRY_FIRST_MS = 20;
export const AHEAD_RETRY_MAX_MS = 5_000;
const DRAIN_LIMIT_MS = 10_000;

/**
 * Runs a batch's units in one transaction and commits it, or rolls it back and throws UnitFailed
 * when a unit throws. SQLite's runs them one after the other; PostgreSQL's at once, pipelined
 * (pipelined-units.ts). Before committing, a pass calls `joinRound` once with the values of the
 * units it ran and runs the units it returns in the same transaction.
 */
export type OptimisticPass = (works: readonly Work<unknown>[], joinRound: JoinRound) => Promise<unknown[]>;

/**
 * When the batch holds units run ahead: tells them their values, lets the event loop turn once,
 * and hands back the units their callers queued meanwhile, now part of the batch (a replay after
 * a failure runs them too). Without units run ahead it hands back none at once.
 */
export type JoinRound = (values: readonly unknown[]) => Promise<readonly Work<unknown>[]>;

/** When a batch starts once a unit is queued. */
export type FlushSchedule = (flush: () => void) => void;

/**
 * SQLite's commit holds the event loop (better-sqlite3 is synchronous, the fsync included), so its
 * batch starts one loop turn later, in the check phase after the next poll: the requests that
 * arrived while the turn that queued the unit was busy (the load's stragglers, which would
 * otherwise wait for the whole next commit) join it, and reading the requests and committing them
 * fall in two shorter turns instead of one long one (docs/history/performance-journal.md, change
 * 20).
 */
export const afterNextPoll: FlushSchedule = (flush) => {
  setImmediate(() => setImmediate(flush));
};

/**
 * Atomic units of writes. Units queued while a commit is on its way share the next transaction
 * (group commit): on SQLite one fsync (synchronous=FULL) makes many durable; on PostgreSQL one
 * `begin` and one `commit` (and one WAL flush) serve the batch instead of two round trips per unit,
 * which was most of a registration's cost there (docs/history/performance-journal.md). A unit that
 * throws (a duplicate order number, a lost guard) is rolled back alone (see commitBatch), and each
 * caller is answered only after the commit. Each unit keeps the unit contract (unit-contract.ts).
 */
export class GroupCommit {
  private queue: Pending[] = [];
  private flushing = false;
  private idle: (() => void)[] = [];
  private aheadRetryMs = 0;
  private observer: ((units: number, seconds: number) => void) | undefined;

  private readonly lock: WriteLock;
  private readonly optimisticPass: (batch: Pending[]) => Promise<unknown[]>;
  private readonly schedule: FlushSchedule;
  private readonly check: UnitCheck | undefined;

  constructor(
    private readonly db: Kysely<StoreTables>,
    options: {
      /** Taken around each batch (SQLite cluster workers share one writer). */
      readonly lock?: WriteLock;
      /** How a batch's units run in its transaction; one after the other by default. */
      readonly optimisticPass?: OptimisticPass;
      /** When a batch starts; in the current check phase by default. */
      readonly schedule?: FlushSchedule;
      /** Test runs: every unit runs twice to enforce the contract (store-checks.ts). */
      readonly check?: UnitCheck;
    } = {},
  ) {
    this.lock = options.lock ?? NO_WRITE_LOCK;
    const pass = options.optimisticPass;
    this.optimisticPass =
      pass === undefined
        ? (batch) => this.oneAfterAnother(batch)
        : (batch) =>
            pass(
              batch.map((item) => item.work),
              (values) => this.joinRound(batch, values),
            );
    this.schedule = options.schedule ?? setImmediate;
    this.check = options.check;
  }

  /** Told of every batch that commits: its units and how long it took (the metrics). */
  observe(observer: (units: number, seconds: number) => void): void {
    this.observer = observer;
  }

  run<T>(work: Work<T>): Promise<T> {
    const unit = this.checked(work);
    return new Promise<T>((resolve, reject) => {
      this.enqueue({ work: unit, resolve: resolve as (value: unknown) => void, reject });
    });
  }

  /**
   * A write whose caller goes on before it commits, and everything queued after it commits with it
   * or after it, never before. `ran` settles with the unit's value once it has run in its
   * transaction, before the commit, and what its callers then queue joins that same transaction
   * (JoinRound). If the batch fails, the unit is queued again at the head, after a growing pause,
   * and every unit queued behind it is refused, since those may rest on it; it is never dropped
   * while the process lives. The sandbox acquirer journals its answers this way: an answer is
   * durable with the gateway's next write, so a payment waits for two commits, not three
   * (docs/decisions/0111-the-sandbox-acquirers-journal-commits-with-the-gateways.md, issue 23; on
   * PostgreSQL since issue 39).
   */
  runAhead<T>(work: Work<T>): { readonly ran: Promise<T>; readonly committed: Promise<void> } {
    const unit = this.checked(work);
    let ran: (value: unknown) => void = () => undefined;
    const ranPromise = new Promise<T>((resolve) => (ran = resolve as (value: unknown) => void));
    const committed = new Promise<void>((resolve) => {
      this.enqueue({ work: unit, resolve: () => resolve(), reject: () => undefined, ahead: { ran } });
    });
    return { ran: ranPromise, committed };
  }

  /**
   * Settles once every unit queued so far is committed or refused, or after `limitMs` (a stop must
   * not hang on a database that is gone; what is still queued then is lost with the process, as
   * on a crash, and recovery deals with it).
   */
  drained(limitMs = DRAIN_LIMIT_MS): Promise<void> {
    if (!this.flushing) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, limitMs);
      timer.unref();
      this.idle.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** The unit as submitted, or wrapped by the test runs' contract check (read from the caller's stack). */
  private checked<T>(work: Work<T>): Work<T> {
    return this.check === undefined ? work : this.check(work);
  }

  private enqueue(item: Pending): void {
    this.queue.push(item);
    if (!this.flushing) {
      this.flushing = true;
      this.schedule(() => void this.flush());
    }
  }

  private async flush(): Promise<void> {
    while (this.queue.length > 0) {
      if (this.aheadRetryMs > 0) await new Promise((resolve) => setTimeout(resolve, this.aheadRetryMs));
      const release = await this.lock.acquire();
      // Taken after the lock: writes that arrived while waiting for it share this commit.
      const batch = this.queue.splice(0, GROUP_COMMIT_BATCH_MAX);
      let outcomes: Outcome[];
      const startedNs = process.hrtime.bigint();
      try {
        outcomes = await this.commitBatch(batch);
        this.observer?.(batch.length, Number(process.hrtime.bigint() - startedNs) / 1e9);
      } catch (error) {
        this.refuse(batch, error);
        continue;
      } finally {
        release();
      }
      this.aheadRetryMs = 0;
      batch.forEach((item, index) => {
        const outcome = outcomes[index];
        if (outcome?.ok === true) {
          item.ahead?.ran(outcome.value);
          item.resolve(outcome.value);
        } else item.reject(outcome?.value);
      });
    }
    this.flushing = false;
    for (const resolve of this.idle.splice(0)) resolve();
  }

  /** A batch that did not commit: its units are refused, except those run ahead (see runAhead). */
  private refuse(batch: readonly Pending[], error: unknown): void {
    const ahead = batch.filter((item) => item.ahead !== undefined);
    if (ahead.length === 0) {
      for (const item of batch) item.reject(error);
      return;
    }
    process.emitWarning(
      `a write run ahead of others did not commit, tried again: ${String(error)}`,
      'GatehouseDatabaseWarning',
    );
    const behind = this.queue.splice(0);
    for (const item of [...batch, ...behind]) if (item.ahead === undefined) item.reject(error);
    this.queue = [...ahead, ...behind.filter((item) => item.ahead !== undefined)];
    this.aheadRetryMs = Math.min(AHEAD_RETRY_MAX_MS, Math.max(AHEAD_RETRY_FIRST_MS, this.aheadRetryMs * 2));
  }

  /**
   * Units almost never fail, so the batch first runs without savepoints (four statements fewer per
   * two-unit request). If a unit throws, the whole transaction rolls back; a batch of that one unit
   * is then done (its rollback was the unit's), any other batch runs again with a savepoint around
   * each unit, so the failed unit is undone alone and the others commit as before. A unit of one
   * that PostgreSQL chose as a deadlock's victim runs again too: the other transaction has ended.
   */
  private async commitBatch(batch: Pending[]): Promise<Outcome[]> {
    try {
      const values = await this.optimisticPass(batch);
      return values.map((value) => ({ ok: true, value }));
    } catch (error) {
      if (!(error instanceof UnitFailed)) throw error;
      if (batch.length === 1 && !isLockConflict(error.unitError)) {
        if (batch[0]?.ahead !== undefined) throw error.unitError;
        return [{ ok: false, value: error.unitError }];
      }
    }
    const outcomes: Outcome[] = [];
    await this.db.transaction().execute(async (trx) => {
      for (const item of batch) {
        await sql`savepoint unit`.execute(trx);
        try {
          outcomes.push({ ok: true, value: await item.work(trx) });
        } catch (error) {
          // Units behind one run ahead may rest on it: the whole batch is refused (see refuse).
          if (item.ahead !== undefined) throw error;
          await sql`rollback to savepoint unit`.execute(trx);
          outcomes.push({ ok: false, value: error });
        }
        await sql`release savepoint unit`.execute(trx);
      }
    });
    return outcomes;
  }

  /** See JoinRound: the journal run ahead and the write resting on it share one commit. */
  private async joinRound(batch: Pending[], values: readonly unknown[]): Promise<readonly Work<unknown>[]> {
    if (!batch.some((item) => item.ahead !== undefined)) return [];
    batch.forEach((item, index) => item.ahead?.ran(values[index]));
    await new Promise((resolve) => setImmediate(resolve));
    const joined = this.queue.splice(0, Math.max(0, GROUP_COMMIT_BATCH_MAX - batch.length));
    batch.push(...joined);
    return joined.map((item) => item.work);
  }

  /** SQLite's pass: the batch's units one after the other, then those of its join round. */
  private async oneAfterAnother(batch: Pending[]): Promise<unknown[]> {
    const values: unknown[] = [];
    await this.db.transaction().execute(async (trx) => {
      const runEach = async (works: readonly Work<unknown>[]) => {
        for (const work of works) {
          try {
            values.push(await work(trx));
          } catch (error) {
            throw new UnitFailed(error);
          }
        }
      };
      await runEach(batch.map((item) => item.work));
      await runEach(await this.joinRound(batch, values));
    });
    return values;
  }
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
