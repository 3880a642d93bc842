import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql, type Kysely } from 'kysely';
import { loadConfig } from '../../src/config/config.js';
import {
  countStatements,
  type Executor,
  isUniqueViolation,
  migrateToLatest,
  openStore,
  preparedQuery,
  type Store,
  takeStatementCounts,
} from '../../src/store-engine/index.js';
import { ENGINES } from '../support/engines.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

/** The probe table, outside Gatehouse's schema. */
type ProbeDatabase = Kysely<{ group_commit_probe: { id: string } }>;

/** A fixed plain insert, as the repositories write orders: PostgreSQL may send several as one. */
const insertProbe = preparedQuery((db, p: { id: string }) =>
  (db as unknown as ProbeDatabase).insertInto('group_commit_probe').values({ id: p.id }),
);

/** The column types the multi-row insert's JSON fills exactly as single-row parameters would. */
const MULTI_ROW_COLUMN_TYPES = [
  'text',
  'character varying',
  'integer',
  'bigint',
  'smallint',
  'double precision',
];

// Transactions are counted by their `begin` (read when a store opens).
countStatements();

/**
 * The group commit's contract on each engine, driven directly: units queued together share a
 * transaction, each is undone alone when it fails, and on PostgreSQL they run at once (pipelined).
 */
for (const engine of ENGINES) {
  describe(`${engine}: group commit`, () => {
    let database: TestDatabase;
    let store: Store;
    const insert = (id: string) => (db: Executor) =>
      sql`insert into group_commit_probe (id) values (${id})`.execute(db);
    const ids = async (): Promise<string[]> => {
      const { rows } = await sql<{ id: string }>`select id from group_commit_probe order by id`.execute(
        store.db,
      );
      return rows.map((row) => row.id);
    };

    before(async () => {
      database = await createTestDatabase(engine);
      store = openStore(loadConfig({ GATEHOUSE_DB: database.url }).database);
      await sql`create table group_commit_probe (id varchar(40) primary key)`.execute(store.db);
    });
    after(async () => {
      await store.close();
      await database.drop();
    });

    test('units queued together all commit; a failing one is undone alone and told why', async () => {
      await store.writes.run(insert('taken'));
      const settled = await Promise.allSettled([
        store.writes.run(insert('a1')),
        store.writes.run(async (db) => {
          await insert('a2')(db);
          return 'second';
        }),
        store.writes.run(async (db) => {
          await insert('a3')(db);
          await insert('taken')(db);
        }),
        store.writes.run(insert('a4')),
      ]);
      assert.deepEqual(
        settled.map((outcome) => outcome.status),
        ['fulfilled', 'fulfilled', 'rejected', 'fulfilled'],
      );
      assert.equal((settled[1] as PromiseFulfilledResult<unknown>).value, 'second');
      assert.ok(isUniqueViolation((settled[2] as PromiseRejectedResult).reason));
      assert.deepEqual(await ids(), ['a1', 'a2', 'a4', 'taken']);
    });

    test('a lone unit that throws after writing leaves nothing behind', async () => {
      const refusal = new Error('refused after the write');
      await assert.rejects(
        store.writes.run(async (db) => {
          await insert('b1')(db);
          throw refusal;
        }),
        (error) => error === refusal,
      );
      assert.ok(!(await ids()).includes('b1'));
    });

    test('a unit that throws without a database error is undone alone inside a batch', async () => {
      const settled = await Promise.allSettled([
        store.writes.run(insert('c1')),
        store.writes.run(async (db) => {
          await insert('c2')(db);
          throw new Error('a lost guard');
        }),
        store.writes.run(insert('c3')),
      ]);
      assert.deepEqual(
        settled.map((outcome) => outcome.status),
        ['fulfilled', 'rejected', 'fulfilled'],
      );
      const stored = await ids();
      assert.ok(stored.includes('c1') && stored.includes('c3') && !stored.includes('c2'));
    });

    test('a unit run ahead is answered by the database and commits no later than the write resting on it', async () => {
      takeStatementCounts();
      const journal = store.writes.runAhead(async (db) => {
        await insert('h1')(db);
        return 'journaled';
      });
      assert.equal(await journal.ran, 'journaled');
      await store.writes.run(insert('h2'));
      await journal.committed;
      // Answered before the commit, the resting write joins its transaction on both engines.
      const counted = takeStatementCounts();
      assert.equal(counted.begin, 1);
      assert.equal(counted.commit, 1);
      assert.deepEqual(
        (await ids()).filter((id) => id.startsWith('h')),
        ['h1', 'h2'],
      );
    });

    if (engine === 'sqlite') {
      test('a unit queued by a later callback of the same turn joins the batch', async () => {
        takeStatementCounts();
        const first = store.writes.run(insert('e1'));
        const second = new Promise<unknown>((resolve, reject) => {
          setImmediate(() => {
            store.writes.run(insert('e2')).then(resolve, reject);
          });
        });
        await Promise.all([first, second]);
        assert.equal(takeStatementCounts().begin, 1);
        assert.deepEqual(
          (await ids()).filter((id) => id.startsWith('e')),
          ['e1', 'e2'],
        );
      });
    }

    test('prepared inserts of one batch commit together; a reused key fails only its own unit', async () => {
      await store.writes.run((db) => insertProbe(db, { id: 'f-taken' }));
      const settled = await Promise.allSettled(
        ['f1', 'f2', 'f-taken', 'f3'].map((id) => store.writes.run((db) => insertProbe(db, { id }))),
      );
      assert.deepEqual(
        settled.map((outcome) => outcome.status),
        ['fulfilled', 'fulfilled', 'rejected', 'fulfilled'],
      );
      assert.ok(isUniqueViolation((settled[2] as PromiseRejectedResult).reason));
      assert.deepEqual(
        (await ids()).filter((id) => id.startsWith('f')),
        ['f-taken', 'f1', 'f2', 'f3'],
      );
    });

    if (engine === 'postgres') {
      test("a prepared statement runs as a named statement of PostgreSQL's session", async () => {
        const prepared = await store.writes.run(async (db) => {
          await insertProbe(db, { id: 'n1' });
          const { rows } = await sql<{
            statement: string;
          }>`select statement from pg_prepared_statements where name like 'gatehouse_%'`.execute(db);
          return rows.map((row) => row.statement);
        });
        assert.ok(
          prepared.some((text) => text.includes('insert into "group_commit_probe"')),
          prepared.join('; '),
        );
      });

      test('a batch whose transaction a unit broke is refused whole, never acknowledged', async () => {
        const settled = await Promise.allSettled([
          store.writes.run(insert('k1')),
          store.writes.run(async (db) => {
            try {
              await sql`select 1 / 0`.execute(db);
            } catch {
              // Swallowed, against the unit contract: PostgreSQL has aborted the transaction.
            }
          }),
        ]);
        assert.deepEqual(
          settled.map((outcome) => outcome.status),
          ['rejected', 'rejected'],
        );
        assert.match(String((settled[0] as PromiseRejectedResult).reason), /rolled the batch back/);
        assert.ok(!(await ids()).includes('k1'));
        // The connection was left idle, not broken: the next batch commits.
        await store.writes.run(insert('k2'));
        assert.ok((await ids()).includes('k2'));
      });

      test('every column a multi-row insert may fill converts from JSON as its parameter would', async () => {
        // json_populate_recordset converts each JSON value to its column's type. For these types
        // the JSON form of the value pg would send (a string, a number, null) converts as the
        // parameter's text would; a json or jsonb column would keep a JSON string verbatim
        // instead of parsing it, and a bytea would not decode (src/store-engine/multi-row-insert.ts).
        // The reads that come back through row_to_json rest on the same list (turn-reads.ts).
        await migrateToLatest(store);
        const { rows } = await sql<{ table_name: string; column_name: string; data_type: string }>`
          select table_name, column_name, data_type from information_schema.columns
          where table_schema = current_schema() and table_name not like 'kysely_%'
            and table_name not like 'group_commit_%'`.execute(store.db);
        assert.ok(rows.length > 50, `only ${rows.length} columns read`);
        assert.deepEqual(
          rows
            .filter((row) => !MULTI_ROW_COLUMN_TYPES.includes(row.data_type))
            .map((row) => `${row.table_name}.${row.column_name}: ${row.data_type}`),
          [],
        );
      });

      test("one batch's prepared inserts reach PostgreSQL as one statement", async () => {
        // A statement-level trigger fires once per statement, however many rows it writes.
        await sql`create table group_commit_statements (n serial primary key)`.execute(store.db);
        await sql
          .raw(
            `create function group_commit_count() returns trigger language plpgsql as
             $$ begin insert into group_commit_statements default values; return null; end $$;
             create trigger group_commit_count after insert on group_commit_probe
             for each statement execute function group_commit_count()`,
          )
          .execute(store.db);
        try {
          await Promise.all(
            ['g1', 'g2', 'g3', 'g4', 'g5'].map((id) => store.writes.run((db) => insertProbe(db, { id }))),
          );
          const { rows } = await sql<{
            n: number;
          }>`select count(*)::int as n from group_commit_statements`.execute(store.db);
          assert.equal(rows[0]?.n, 1);
          assert.deepEqual(
            (await ids()).filter((id) => id.startsWith('g')),
            ['g1', 'g2', 'g3', 'g4', 'g5'],
          );
        } finally {
          await sql`drop trigger group_commit_count on group_commit_probe`.execute(store.db);
        }
      });

      test('units of one batch run at once and see each other inside their transaction', async () => {
        let open: () => void = () => undefined;
        const gate = new Promise<void>((resolve) => {
          open = resolve;
        });
        // One after the other, the first unit would wait for a gate only the second one opens.
        const timeout = new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('the units ran one after the other')), 2000).unref(),
        );
        const [seen] = await Promise.all([
          store.writes.run(async (db) => {
            await insert('d1')(db);
            await Promise.race([gate, timeout]);
            const { rows } = await sql<{
              n: number;
            }>`select count(*)::int as n from group_commit_probe where id like 'd%'`.execute(db);
            return rows[0]?.n;
          }),
          store.writes.run(async (db) => {
            await insert('d2')(db);
            open();
          }),
        ]);
        assert.equal(seen, 2);
        assert.deepEqual(
          (await ids()).filter((id) => id.startsWith('d')),
          ['d1', 'd2'],
        );
      });
    }
  });
}
