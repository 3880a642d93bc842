import { test } from 'node:test';
import assert from 'node:assert/strict';
import BetterSqlite3 from 'better-sqlite3';
import { ReadWindows } from './read-window.js';
import { STATEMENT_CACHE_MAX, withStatementCache } from './statement-cache.js';

function sampleDatabase(): BetterSqlite3.Database {
  const database = new BetterSqlite3(':memory:');
  database.exec(`create table t (id integer primary key, "weird ""name""" text, amount integer, note text, blob blob);
    insert into t values (1, 'a', 100, null, x'0102'), (2, 'b', 200, 'two', null);`);
  return database;
}

test('rows built from arrays equal better-sqlite3 row objects, member order included', () => {
  const database = sampleDatabase();
  const cached = withStatementCache(database, new ReadWindows());
  for (const sql of [
    'select * from t order by id',
    'select id, amount as id from t order by id',
    'select count(*), sum(amount) from t',
    String.raw`select 1 as "a'b", 'x' as "q""uote\back"`,
  ]) {
    const expected = database.prepare(sql).all();
    const actual = cached.prepare(sql).all([]);
    assert.deepEqual(actual, expected, sql);
    assert.deepEqual(
      actual.map((row) => Object.keys(row as object)),
      expected.map((row) => Object.keys(row as object)),
    );
    assert.deepEqual([...cached.prepare(sql).iterate([])], expected, sql);
  }
});

test('a column named __proto__ stays a member, not a prototype', () => {
  const database = sampleDatabase();
  const rows = withStatementCache(database, new ReadWindows())
    .prepare('select 7 as "__proto__", 1 as x')
    .all([]);
  assert.deepEqual(rows, database.prepare('select 7 as "__proto__", 1 as x').all());
  assert.equal(Object.getPrototypeOf(rows[0]), Object.prototype);
});

test('writes report changes and the cache reuses and bounds statements', () => {
  const database = sampleDatabase();
  const cached = withStatementCache(database, new ReadWindows());
  const update = cached.prepare('update t set amount = amount + ? where id = ?');
  assert.equal(update.reader, false);
  assert.equal(update.run([5, 2]).changes, 1);
  assert.equal(cached.prepare('update t set amount = amount + ? where id = ?'), update);
  assert.deepEqual(cached.prepare('select amount from t where id = ?').all([2]), [{ amount: 205 }]);
  for (let index = 0; index <= STATEMENT_CACHE_MAX; index += 1) cached.prepare(`select ${index}`);
  assert.notEqual(cached.prepare('update t set amount = amount + ? where id = ?'), update);
});
