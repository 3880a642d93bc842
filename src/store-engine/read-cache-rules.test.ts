import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { migrateToLatest, openStore } from './database.js';
import { CACHED_TABLES, cachedTablesNamedBy } from './read-cache.js';

/**
 * The read cache knows a cached table changed only when a statement naming it runs (read-cache.ts).
 * A trigger writing the table, or a foreign key whose action deletes or changes its rows, would
 * change it silently: the migrations must never bring one.
 */
test('no trigger and no cascading foreign key can change a cached table behind its statements', async () => {
  const store = openStore({ engine: 'sqlite', file: ':memory:' });
  try {
    await migrateToLatest(store);
    const triggers = await sql<{ name: string; tbl_name: string; sql: string }>`
      select name, tbl_name, sql from sqlite_master where type = 'trigger'`.execute(store.db);
    for (const trigger of triggers.rows) {
      const touched = [trigger.tbl_name, ...cachedTablesNamedBy(trigger.sql)];
      const cached = CACHED_TABLES.filter((table) => touched.includes(table));
      assert.deepEqual(cached, [], `trigger ${trigger.name} touches a cached table`);
    }
    for (const table of CACHED_TABLES) {
      const keys = await sql<{ table: string; on_update: string; on_delete: string }>`
        select "table", on_update, on_delete from pragma_foreign_key_list(${table})`.execute(store.db);
      assert.ok(keys.rows.length > 0 || table !== 'orders', 'the check reads foreign keys');
      for (const key of keys.rows) {
        for (const action of [key.on_update, key.on_delete]) {
          assert.ok(
            action === 'NO ACTION' || action === 'RESTRICT',
            `${table}'s foreign key to ${key.table} acts on its rows (${action})`,
          );
        }
      }
    }
  } finally {
    await store.close();
  }
});

test('the recogniser sees a cached table in every way a write can name it', () => {
  for (const table of CACHED_TABLES) {
    for (const text of [
      `insert into "${table}" ("id") values (?)`,
      `update "${table}" set "x" = ? where "id" = ?`,
      `delete from "${table}" where "id" = ?`,
      `UPDATE ${table} SET x = 1`,
      `insert into ${table}(id) values (1)`,
    ])
      assert.deepEqual(cachedTablesNamedBy(text), [table], text);
  }
  assert.deepEqual(cachedTablesNamedBy('update "orders_archive" set "x" = 1'), []);
});
