import { test } from 'node:test';
import assert from 'node:assert/strict';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { GroupCommit, UnitFailed, type OptimisticPass } from './group-commit.js';
import type { Work } from './unit-contract.js';
import type { Database } from '../store/schema.js';

interface Probe {
  readonly db: Kysely<Database>;
  readonly writes: GroupCommit;
  /** Makes the next commits of a batch fail as a disk would (not a unit's own failure). */
  readonly failCommits: (count: number) => void;
  readonly rows: () => Promise<string[]>;
}

async function probe(): Promise<Probe> {
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: new BetterSqlite3(':memory:') }),
  });
  await sql`create table probe_rows (id text primary key)`.execute(db);
  let failing = 0;
  const pass: OptimisticPass = async (works, joinRound) => {
    const values: unknown[] = [];
    await db.transaction().execute(async (trx) => {
      for (const work of [...works, ...(await joinRound([]))]) {
        try {
          values.push(await work(trx));
        } catch (error) {
          throw new UnitFailed(error);
        }
      }
      if (failing > 0) {
        failing -= 1;
        // A failing disk takes its time: units arrive while the commit is on its way.
        await new Promise((resolve) => setTimeout(resolve, 10));
        throw new Error('SQLITE_IOERR: disk I/O error');
      }
    });
    return values;
  };
  return {
    db,
    writes: new GroupCommit(db, { optimisticPass: pass }),
    failCommits: (count) => (failing = count),
    rows: async () =>
      (await sql<{ id: string }>`select id from probe_rows order by rowid`.execute(db)).rows.map((r) => r.id),
  };
}

const insert =
  (id: string): Work<void> =>
  async (db) => {
    await sql`insert into probe_rows (id) values (${id})`.execute(db);
  };

test('a unit run ahead commits in the transaction of the units queued behind it', async () => {
  const { writes, rows } = await probe();
  const ahead = writes.runAhead(insert('journal'));
  await writes.run(insert('outcome'));
  assert.deepEqual(await rows(), ['journal', 'outcome']);
  await ahead.committed;
});

test('a failed commit refuses the units behind a unit run ahead, which is tried again before anything else', async () => {
  const { writes, rows, failCommits } = await probe();
  failCommits(1);
  let journalDone = false;
  const journal = writes.runAhead(insert('journal')).committed.then(() => (journalDone = true));
  const sameBatch = writes.run(insert('outcome'));
  await assert.rejects(sameBatch, /disk I\/O error/);
  assert.equal(journalDone, false, 'the unit run ahead is not given up');
  // Queued after the refusal: it commits with the journal, never before it.
  await writes.run(insert('later'));
  await journal;
  assert.deepEqual(await rows(), ['journal', 'later']);
});

test('units queued while a failing batch was on its way are refused with it', async () => {
  const { writes, rows, failCommits } = await probe();
  failCommits(1);
  const journal = writes.runAhead(insert('journal')).committed;
  // It arrives while the first batch is being committed.
  const queuedMeanwhile = new Promise<void>((resolve, reject) =>
    setTimeout(() => void writes.run(insert('meanwhile')).then(resolve, reject), 2),
  );
  await assert.rejects(queuedMeanwhile, /disk I\/O error/);
  await journal;
  assert.deepEqual(await rows(), ['journal']);
});

test('a unit run ahead that fails on its own refuses its batch and is tried again until it commits', async () => {
  const { writes, rows } = await probe();
  let tries = 0;
  const journal = writes.runAhead(async (db) => {
    tries += 1;
    // Both the batch and its unit-by-unit rerun.
    if (tries <= 2) throw new Error('constraint failed');
    await insert('journal')(db);
  }).committed;
  await assert.rejects(writes.run(insert('outcome')), /constraint failed/);
  await journal;
  assert.equal(tries, 3);
  assert.deepEqual(await rows(), ['journal']);
});

test('an ordinary unit that fails is refused alone, as before', async () => {
  const { writes, rows } = await probe();
  const first = writes.run(insert('a'));
  const duplicate = writes.run(insert('a'));
  const other = writes.run(insert('b'));
  await first;
  await assert.rejects(duplicate, /UNIQUE/);
  await other;
  assert.deepEqual(await rows(), ['a', 'b']);
});

test('drained settles once every queued unit is committed', async () => {
  const { writes, rows, failCommits } = await probe();
  failCommits(2);
  void writes.runAhead(insert('journal'));
  await writes.drained();
  assert.deepEqual(await rows(), ['journal']);
});

test("SQLite's pass answers a unit run ahead before its commit, and the write resting on it shares that commit", async () => {
  const statements: string[] = [];
  const sqlite = new BetterSqlite3(':memory:', { verbose: (text) => statements.push(String(text)) });
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  await sql`create table probe_rows (id text primary key)`.execute(db);
  const writes = new GroupCommit(db);
  statements.length = 0;
  const journal = writes.runAhead(async (trx) => {
    await insert('journal')(trx);
    return 'first';
  });
  const answer = await journal.ran;
  assert.equal(answer, 'first');
  assert.equal(statements.filter((text) => text === 'commit').length, 0, 'answered before the commit');
  await writes.run(insert('outcome'));
  await journal.committed;
  assert.equal(statements.filter((text) => text === 'commit').length, 1, 'one commit for both');
  const rows = await sql<{ id: string }>`select id from probe_rows order by rowid`.execute(db);
  assert.deepEqual(
    rows.rows.map((row) => row.id),
    ['journal', 'outcome'],
  );
});
