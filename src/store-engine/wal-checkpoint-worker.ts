import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';

/*
 * The WAL checkpointer's thread (see wal-checkpointer.ts): its own connection to the database
 * file, copying committed WAL frames into the database with PASSIVE checkpoints, which never wait
 * for and never block the writers. (A TRUNCATE checkpoint, tried here once the file passed a size,
 * takes the writers' lock while it copies and syncs: the serving thread's commits then waited in
 * SQLite's busy handler, and the emptied file grew again commit by commit. The serving connection's
 * `journal_size_limit` bounds the file instead.) Runs until told to stop.
 */
const { file, intervalMs } = workerData as {
  file: string;
  intervalMs: number;
};
const db = new BetterSqlite3(file, { timeout: 0 });
db.pragma('synchronous = FULL');

let timer: NodeJS.Timeout | undefined;
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
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
