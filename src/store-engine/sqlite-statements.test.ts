import { test } from 'node:test';
import assert from 'node:assert/strict';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, type LogEvent } from 'kysely';
import { preparedQuery } from './prepared-query.js';
import { ReadWindows } from './read-window.js';
import type { Database } from '../store/schema.js';
import { ownSqliteStatements } from './sqlite-statements.js';
import { withStatementCache } from './statement-cache.js';

/** A store's handle as openStore builds it, with Kysely's log telling which statements went through Kysely. */
function store(): { db: Kysely<Database>; viaKysely: string[] } {
  const connection = new BetterSqlite3(':memory:');
  connection.exec(`create table serving_processes (id text primary key, host text not null,
    pid integer not null, started_at_ms integer not null, seen_at_ms integer not null)`);
  const statements = withStatementCache(connection, new ReadWindows());
  const viaKysely: string[] = [];
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: statements }),
    log: (event: LogEvent) => void viaKysely.push(event.query.sql),
  });
  ownSqliteStatements(db.getExecutor().adapter, { connection, statements });
  return { db, viaKysely };
}

// `pid` stands for any value a statement writes and reads back.
const insert = preparedQuery((db, p: { id: string; status: number }) =>
  db
    .insertInto('serving_processes')
    .values({ id: p.id, host: 'h', pid: p.status, started_at_ms: 0, seen_at_ms: 0 }),
);
const setStatus = preparedQuery((db, p: { id: string; status: number }) =>
  db.updateTable('serving_processes').set({ pid: p.status }).where('id', '=', p.id),
);
const statusOf = preparedQuery((db, p: { id: string }) =>
  db.selectFrom('serving_processes').select('pid as status').where('id', '=', p.id),
);

test('inside a transaction a prepared statement skips Kysely and answers what Kysely would', async () => {
  const { db, viaKysely } = store();
  await db.transaction().execute(async (trx) => {
    const inserted = await insert(trx, { id: 'o1', status: 1 });
    assert.equal(inserted.numAffectedRows, 1n);
    assert.equal(typeof inserted.insertId, 'bigint');
    assert.deepEqual(inserted.rows, []);
    assert.equal((await setStatus(trx, { id: 'o1', status: 2 })).numAffectedRows, 1n);
    assert.equal((await setStatus(trx, { id: 'nobody', status: 2 })).numAffectedRows, 0n);
    assert.deepEqual((await statusOf(trx, { id: 'o1' })).rows, [{ status: 2 }]);
  });
  // Only the transaction's own begin and commit went through Kysely.
  assert.deepEqual(viaKysely, ['begin', 'commit']);
  // Outside a transaction a read goes directly too; a write waits its turn in Kysely.
  assert.deepEqual((await statusOf(db, { id: 'o1' })).rows, [{ status: 2 }]);
  await setStatus(db, { id: 'o1', status: 3 });
  assert.equal(viaKysely.length, 3);
  assert.match(viaKysely[2] ?? '', /^update "serving_processes"/);
  await db.destroy();
});

test('a failing statement rejects its promise, so the unit and its transaction fail as before', async () => {
  const { db } = store();
  await insert(db, { id: 'o1', status: 1 });
  await assert.rejects(
    db.transaction().execute(async (trx) => {
      await insert(trx, { id: 'o2', status: 1 });
      await insert(trx, { id: 'o1', status: 1 });
    }),
    /UNIQUE constraint failed/,
  );
  // The transaction rolled back: o2 is not there.
  assert.deepEqual((await statusOf(db, { id: 'o2' })).rows, []);
  await db.destroy();
});

test('a read outside a transaction never sees the rows of one still open', async () => {
  const { db } = store();
  let readWhileOpen: Promise<unknown> | undefined;
  await db.transaction().execute(async (trx) => {
    await insert(trx, { id: 'o1', status: 1 });
    // The connection is in the transaction: the read must wait for Kysely's turn, after the commit
    // or rollback, and not read the uncommitted row now.
    readWhileOpen = statusOf(db, { id: 'o1' }).then((result) => result.rows);
    await new Promise((resolve) => setImmediate(resolve));
    await setStatus(trx, { id: 'o1', status: 2 });
  });
  assert.deepEqual(await readWhileOpen, [{ status: 2 }]);
  await db.destroy();
});

test('a unit that outlives its transaction is refused, never run outside it', async () => {
  const { db } = store();
  let kept: Parameters<typeof insert>[0] | undefined;
  await db.transaction().execute(async (trx) => {
    kept = trx;
    await insert(trx, { id: 'o1', status: 1 });
  });
  assert.ok(kept !== undefined);
  await assert.rejects(insert(kept, { id: 'o2', status: 1 }), /committed|rolled back/);
  assert.deepEqual((await statusOf(db, { id: 'o2' })).rows, []);
  await db.destroy();
});
