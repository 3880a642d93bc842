import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql, type Kysely } from 'kysely';
import { loadConfig } from '../../src/config/config.js';
import { openStore, preparedQuery, type Store } from '../../src/store-engine/index.js';
import { ENGINES } from '../support/engines.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

interface ProbeRow {
  id: string;
  label: string | null;
  small: number | null;
  whole: number | null;
  big: number | null;
  rate: number | null;
}
type ProbeDatabase = Kysely<{ turn_read_probe: ProbeRow }>;

const readProbe = preparedQuery((db, p: { id: string }) =>
  (db as unknown as ProbeDatabase)
    .selectFrom('turn_read_probe')
    .select(['id', 'label', 'small', 'whole', 'big', 'rate'])
    .where('id', '=', p.id),
);

const ROWS: ProbeRow[] = [
  {
    id: 'a',
    label: '{"json":"kept as text"} é \u2603 "quoted"\\',
    small: -7,
    whole: 2147483647,
    big: 1732600000000123,
    rate: 0.1,
  },
  { id: 'b', label: null, small: null, whole: null, big: null, rate: null },
  { id: 'c', label: '', small: 0, whole: -1, big: -9007199254740991, rate: 1.0000000000000002 },
  { id: 'd', label: '123', small: 32767, whole: 0, big: 0, rate: 1e-7 },
];

/**
 * PostgreSQL's reads outside a transaction come back through row_to_json (src/store-engine/turn-reads.ts);
 * inside one, as pg parses each column. Both must give the same row, member for member.
 */
for (const engine of ENGINES.filter((name) => name === 'postgres')) {
  describe(`${engine}: reads outside a transaction`, () => {
    let database: TestDatabase;
    let store: Store;

    before(async () => {
      database = await createTestDatabase(engine);
      store = openStore(loadConfig({ GATEHOUSE_DB: database.url }).database);
      await sql`create table turn_read_probe (id text primary key, label varchar(200), small smallint,
        whole integer, big bigint, rate double precision)`.execute(store.db);
      for (const row of ROWS)
        await (store.db as unknown as ProbeDatabase).insertInto('turn_read_probe').values(row).execute();
    });
    after(async () => {
      await store.close();
      await database.drop();
    });

    test('give each row as the same read inside a transaction does', async () => {
      for (const row of ROWS) {
        const outside = await readProbe(store.db, { id: row.id });
        const inside = await store.db.transaction().execute((trx) => readProbe(trx, { id: row.id }));
        assert.deepEqual(outside.rows, [row]);
        assert.deepEqual(outside.rows, inside.rows);
      }
      assert.deepEqual((await readProbe(store.db, { id: 'none' })).rows, []);
    });
  });
}
