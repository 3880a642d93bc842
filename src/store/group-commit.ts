import type { Kysely, Transaction } from 'kysely';
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
 * Group commit for SQLite: writes queued while a commit is on its way share the next transaction,
 * so one fsync (synchronous=FULL) makes many orders durable. Each caller is answered only after
 * that commit. A statement that fails (a duplicate order number) fails alone: SQLite's default
 * ABORT rolls back that statement, not the transaction. PostgreSQL commits concurrently on its own
 * connections, so there each write runs directly.
 */
export class GroupCommit {
  private queue: Pending[] = [];
  private flushing = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly batched: boolean,
    private readonly lock: WriteLock = NO_WRITE_LOCK,
  ) {}

  run<T>(work: Work<T>): Promise<T> {
    if (!this.batched) return work(this.db);
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.flushing) {
        this.flushing = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    while (this.queue.length > 0) {
      const release = await this.lock.acquire();
      // Taken after the lock: writes that arrived while waiting for it share this commit.
      const batch = this.queue.splice(0, GROUP_COMMIT_BATCH_MAX);
      const outcomes: { ok: boolean; value: unknown }[] = [];
      try {
        await this.db.transaction().execute(async (trx) => {
          for (const item of batch) {
            try {
              outcomes.push({ ok: true, value: await item.work(trx) });
            } catch (error) {
              outcomes.push({ ok: false, value: error });
            }
          }
        });
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
}
