import { statSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';

/*
 * The WAL checkpointer's thread (see wal-checkpointer.ts): its own connection to the database
 * file, copying committed WAL frames into the database with PASSIVE checkpoints, which never wait
 * for and never block the writers. Once the WAL file is past its size limit, a TRUNCATE checkpoint
 * is tried instead: it never waits either (no busy timeout), so it succeeds only when no reader
 * holds an old snapshot, and then empties the file. Runs until told to stop.
 */
const { file, intervalMs, truncateAboveBytes } = workerData as {
  file: string;
  intervalMs: number;
  truncateAboveBytes: number;
};
const db = new BetterSqlite3(file, { timeout: 0 });
db.pragma('synchronous = FULL');

function walBytes(): number {
  try {
    return statSync(`${file}-wal`).size;
  } catch {
    return 0;
  }
}

let timer: NodeJS.Timeout | undefined;
const checkpoint = () => {
  try {
    db.pragma(walBytes() > truncateAboveBytes ? 'wal_checkpoint(TRUNCATE)' : 'wal_checkpoint(PASSIVE)');
  } catch {
    // Busy (another process is checkpointing) or the file is going away: the next tick tries again.
  }
  timer = setTimeout(checkpoint, intervalMs);
};
checkpoint();

parentPort?.on('message', (message) => {
  if (message !== 'stop') return;
  if (timer !== undefined) clearTimeout(timer);
  db.close();
  parentPort?.postMessage('stopped');
});
