import { closeSync, existsSync, fsyncSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';

export interface SqliteBackup {
  readonly pages: number;
  readonly bytes: number;
  readonly ms: number;
}

/**
 * better-sqlite3 copies 100 pages a step and yields between steps; a write by another connection
 * (the serving process) between two steps makes SQLite start the copy over, so under steady load a
 * large database might never finish. One step holds one read transaction over every page: in WAL
 * mode it blocks no writer, and the copy is the database as of one commit.
 */
const ALL_PAGES_IN_ONE_STEP = 0x7fffffff;

export class SqliteBackupError extends Error {
  override readonly name = 'SqliteBackupError';
}

function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Copies the SQLite database `source` to `destination` with SQLite's online backup API, on a
 * connection of its own: the serving process may keep writing meanwhile. The copy is written under
 * a temporary name, checked with `integrity_check`, made durable and only then renamed, so a file
 * by the destination's name is always a whole, checked copy.
 */
export async function backupSqlite(
  source: string,
  destination: string,
  busyTimeoutMs: number,
): Promise<SqliteBackup> {
  if (!existsSync(source)) throw new SqliteBackupError(`there is no SQLite database at ${source}`);
  if (existsSync(destination)) throw new SqliteBackupError(`${destination} exists; name a new file`);
  if (!existsSync(dirname(destination)))
    throw new SqliteBackupError(`the folder of ${destination} does not exist`);
  const partial = `${destination}.partial-${process.pid}`;
  const startedMs = Date.now();
  const db = new BetterSqlite3(source, { fileMustExist: true, timeout: busyTimeoutMs });
  try {
    const { totalPages } = await db.backup(partial, { progress: () => ALL_PAGES_IN_ONE_STEP });
    const copy = new BetterSqlite3(partial, { fileMustExist: true });
    let verdict: unknown;
    try {
      verdict = copy.pragma('integrity_check', { simple: true });
    } finally {
      copy.close();
    }
    if (verdict !== 'ok') throw new SqliteBackupError(`the copy failed integrity_check: ${String(verdict)}`);
    fsyncPath(partial);
    renameSync(partial, destination);
    fsyncPath(dirname(destination));
    return { pages: totalPages, bytes: statSync(destination).size, ms: Date.now() - startedMs };
  } finally {
    db.close();
    for (const leftover of [partial, `${partial}-wal`, `${partial}-shm`]) rmSync(leftover, { force: true });
  }
}
