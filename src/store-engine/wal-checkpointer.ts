import { Worker } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';

/** How often the checkpointer copies committed WAL frames into the database. */
export const WAL_CHECKPOINT_INTERVAL_MS = 100;

/**
 * The WAL file's size once it is reused again. A checkpoint never shrinks the file: after a
 * long-running reader (a backup, an operator's `sqlite3` session) held the WAL back, it would stay
 * as large as it grew. SQLite's `journal_size_limit` truncates it back to this size at the first
 * commit after the log restarts from its beginning, which it does once every frame is in the
 * database. Below the limit the file is reused in place: appending to a file costs each commit's
 * sync a metadata update, overwriting does not.
 */
export const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;

/** Sets the serving connection's WAL size limit (the connection that commits restarts the log). */
export function limitWalSize(db: BetterSqlite3.Database, bytes: number = WAL_SIZE_LIMIT_BYTES): void {
  db.pragma(`journal_size_limit = ${bytes}`);
}

export interface WalCheckpointer {
  stop(): Promise<void>;
}

/**
 * better-sqlite3 runs SQLite on the calling thread, and SQLite's automatic checkpoint runs inside
 * the commit that crosses 1000 WAL pages: that commit copies the pages into the database and syncs
 * it while every request of the process waits (the profiler showed it as the event loop's worst
 * delays). With automatic checkpoints off on the serving connection, this thread checkpoints
 * instead. Durability is untouched: a commit is durable once its WAL frames are synced, which the
 * serving connection still does on every commit (synchronous=FULL).
 */
export function startWalCheckpointer(
  file: string,
  options: { readonly intervalMs?: number } = {},
): WalCheckpointer {
  const worker = new Worker(new URL('./wal-checkpoint-worker.js', import.meta.url), {
    workerData: {
      file,
      intervalMs: options.intervalMs ?? WAL_CHECKPOINT_INTERVAL_MS,
    },
  });
  worker.unref();
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        worker.once('message', () => {
          void worker.terminate().then(() => resolve());
        });
        worker.once('exit', () => resolve());
        worker.postMessage('stop');
      }),
  };
}
