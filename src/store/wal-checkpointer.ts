import { Worker } from 'node:worker_threads';

/** How often the checkpointer copies committed WAL frames into the database. */
export const WAL_CHECKPOINT_INTERVAL_MS = 100;

/**
 * Past this size the WAL file is truncated once every frame is in the database. A passive
 * checkpoint never shrinks the file: after a long-running reader (a backup, an operator's
 * `sqlite3` session) held the WAL back, it would stay as large as it grew.
 */
export const WAL_TRUNCATE_ABOVE_BYTES = 64 * 1024 * 1024;

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
  options: { readonly truncateAboveBytes?: number; readonly intervalMs?: number } = {},
): WalCheckpointer {
  const worker = new Worker(new URL('./wal-checkpoint-worker.js', import.meta.url), {
    workerData: {
      file,
      intervalMs: options.intervalMs ?? WAL_CHECKPOINT_INTERVAL_MS,
      truncateAboveBytes: options.truncateAboveBytes ?? WAL_TRUNCATE_ABOVE_BYTES,
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
