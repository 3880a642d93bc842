import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { backupSqlite, SqliteBackupError } from './sqlite-backup.js';

function withFolder(run: (dir: string) => Promise<void>): () => Promise<void> {
  return async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-backup-'));
    try {
      await run(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

/** A WAL database with a connection left open on it, as a serving process keeps one. */
function servedDatabase(file: string): BetterSqlite3.Database {
  const db = new BetterSqlite3(file);
  db.pragma('journal_mode = WAL');
  db.exec('create table orders (id integer primary key, amount_minor integer not null)');
  const insert = db.prepare('insert into orders (amount_minor) values (?)');
  for (let n = 1; n <= 500; n += 1) insert.run(n);
  return db;
}

test(
  'the copy holds every committed row, including those still in the WAL, and leaves nothing else behind',
  withFolder(async (dir) => {
    const source = join(dir, 'gatehouse.sqlite');
    const served = servedDatabase(source);
    try {
      const copy = await backupSqlite(source, join(dir, 'copy.sqlite'), 1_000);
      assert.ok(copy.pages > 0 && copy.bytes > 0);
      // Looked at before the copy is opened here: opening it makes a -wal and a -shm of its own.
      assert.deepEqual(
        readdirSync(dir).filter((name) => name.startsWith('copy.sqlite')),
        ['copy.sqlite'],
      );
      const opened = new BetterSqlite3(join(dir, 'copy.sqlite'), { readonly: true });
      try {
        assert.deepEqual(opened.prepare('select count(*) as n, sum(amount_minor) as sum from orders').get(), {
          n: 500,
          sum: 125_250,
        });
      } finally {
        opened.close();
      }
    } finally {
      served.close();
    }
  }),
);

test(
  'an existing destination, a missing source or a missing folder is refused, and nothing is written',
  withFolder(async (dir) => {
    const source = join(dir, 'gatehouse.sqlite');
    servedDatabase(source).close();
    const refused = (promise: Promise<unknown>, pattern: RegExp) =>
      assert.rejects(
        promise,
        (error: unknown) => error instanceof SqliteBackupError && pattern.test(error.message),
      );
    await refused(backupSqlite(source, source, 1_000), /exists; name a new file/);
    await refused(
      backupSqlite(join(dir, 'none.sqlite'), join(dir, 'copy.sqlite'), 1_000),
      /no SQLite database/,
    );
    await refused(
      backupSqlite(source, join(dir, 'absent', 'copy.sqlite'), 1_000),
      /folder .* does not exist/,
    );
    assert.equal(existsSync(join(dir, 'copy.sqlite')), false);
  }),
);
