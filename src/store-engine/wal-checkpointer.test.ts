import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { limitWalSize, startWalCheckpointer } from './wal-checkpointer.js';

const LIMIT_BYTES = 256 * 1024;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('the WAL grows past its limit under a long-running reader and is truncated once the reader is gone', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-wal-'));
  const file = join(dir, 'wal.sqlite');
  const writer = new BetterSqlite3(file);
  writer.pragma('journal_mode = WAL');
  writer.pragma('wal_autocheckpoint = 0');
  limitWalSize(writer, LIMIT_BYTES);
  writer.exec('create table rows (value blob)');
  const checkpointer = startWalCheckpointer(file, { intervalMs: 10 });
  const reader = new BetterSqlite3(file);
  const walBytes = () => statSync(`${file}-wal`).size;
  try {
    reader.exec('begin');
    reader.prepare('select count(*) from rows').get();
    const insert = writer.prepare('insert into rows (value) values (?)');
    for (let index = 0; index < 64; index += 1) insert.run(Buffer.alloc(32 * 1024, index));
    await pause(100);
    assert.ok(walBytes() > 4 * LIMIT_BYTES, `the reader held the WAL back: ${walBytes()} bytes`);

    reader.exec('commit');
    // The serving connection goes on committing: the first commit after the log restarts (once the
    // checkpointer has copied every frame) truncates the file.
    const deadline = Date.now() + 5000;
    while (walBytes() > LIMIT_BYTES && Date.now() < deadline) {
      await pause(20);
      insert.run(Buffer.alloc(16, 0));
    }
    assert.ok(walBytes() <= LIMIT_BYTES, `the WAL was left at ${walBytes()} bytes`);
    // Nothing was lost on the way.
    const { n } = writer.prepare('select count(*) as n from rows').get() as { n: number };
    assert.ok(n >= 65, `${n} rows`);
  } finally {
    await checkpointer.stop();
    reader.close();
    writer.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
