import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import pg from 'pg';
import { multiRowInsert, noteInsert } from './multi-row-insert.js';
import { PipelinedClient } from './pipelined-units.js';

function fakeClient(failing?: Error) {
  const events: string[] = [];
  const stream = {
    cork: () => events.push('cork'),
    uncork: () => events.push('uncork'),
  };
  const client = {
    connection: { stream },
    // pg's public form, as the pipelined client sends every statement.
    query: ({ text, values = [] }: pg.QueryConfig) => {
      events.push(`query ${text} ${JSON.stringify(values)}`);
      if (failing !== undefined) return Promise.reject(failing);
      const [json] = values as [string?];
      const rowCount = text.includes('json_populate_recordset')
        ? (JSON.parse(json ?? '[]') as unknown[]).length
        : 0;
      return Promise.resolve({ rows: [], rowCount, command: 'INSERT' });
    },
  };
  return { events, client: client as unknown as pg.PoolClient };
}

test('queries issued in one turn of the event loop share one socket write', async () => {
  const { events, client } = fakeClient();
  const pipelined = new PipelinedClient(client);
  await Promise.all([
    pipelined.query('insert 1', [1]),
    Promise.resolve().then(() => pipelined.query('insert 2', [2])),
    pipelined.query('insert 3', [3]),
  ]);
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(events, [
    'cork',
    'query insert 1 [1]',
    'query insert 3 [3]',
    'query insert 2 [2]',
    'uncork',
  ]);
});

test('a query after the write corks the socket again', async () => {
  const { events, client } = fakeClient();
  const pipelined = new PipelinedClient(client);
  await pipelined.query('first', []);
  await new Promise((resolve) => setImmediate(resolve));
  await pipelined.query('second', []);
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(events, ['cork', 'query first []', 'uncork', 'cork', 'query second []', 'uncork']);
});

const INSERT = 'insert into "probe_rows" ("id", "n") values ($1, $2)';

test("consecutive calls of a plain insert in one turn go as one statement, in the first's place", async () => {
  noteInsert(INSERT);
  const twin = multiRowInsert(INSERT)!.text;
  const { events, client } = fakeClient();
  const pipelined = new PipelinedClient(client);
  const results = await Promise.all([
    pipelined.query('begin', []),
    pipelined.query(INSERT, ['a', 1]),
    pipelined.query(INSERT, ['b', 2]),
    pipelined.query('select 1', []),
    pipelined.query(INSERT, ['c', 3]),
  ]);
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(events, [
    'cork',
    'query begin []',
    `query ${twin} ${JSON.stringify(['[{"id":"a","n":1},{"id":"b","n":2}]'])}`,
    'query select 1 []',
    `query ${INSERT} ["c",3]`,
    'uncork',
  ]);
  assert.equal(results[1].rowCount, 1);
  assert.equal(results[2].rowCount, 1);
});

test('when the multi-row statement fails, every caller in it is told', async () => {
  noteInsert(INSERT);
  const failure = new Error('duplicate key');
  const { client } = fakeClient(failure);
  const pipelined = new PipelinedClient(client);
  const settled = await Promise.allSettled([
    pipelined.query(INSERT, ['a', 1]),
    pipelined.query(INSERT, ['b', 2]),
  ]);
  assert.deepEqual(
    settled.map((outcome): unknown => (outcome.status === 'rejected' ? outcome.reason : outcome.status)),
    [failure, failure],
  );
});

test('rows JSON cannot carry are sent one statement each', async () => {
  noteInsert(INSERT);
  const { events, client } = fakeClient();
  const pipelined = new PipelinedClient(client);
  await Promise.all([pipelined.query(INSERT, ['a', true]), pipelined.query(INSERT, ['b', 2])]);
  assert.deepEqual(events.slice(1, 3), [`query ${INSERT} ["a",true]`, `query ${INSERT} ["b",2]`]);
});

/*
 * The pipelined client corks pg's socket (`client.connection.stream`), which is not pg's public
 * API: pg is pinned to one exact version in package.json, and this test fails when an upgrade
 * changes either (docs/decisions/0024-pgs-internals-public-api-only-one-pinned-exception.md).
 */
test('pg is pinned exactly, and its client still keeps the socket the pipelined client corks', () => {
  const manifest = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const pinned = manifest.dependencies.pg ?? '';
  assert.match(pinned, /^\d+\.\d+\.\d+$/, `pg must be pinned to one version, not "${pinned}"`);
  const installed = (createRequire(import.meta.url)('pg/package.json') as { version: string }).version;
  assert.equal(installed, pinned, 'the installed pg is the pinned one');
  const stream = (new pg.Client() as unknown as { connection?: { stream?: Record<string, unknown> } })
    .connection?.stream;
  assert.equal(typeof stream?.cork, 'function', 'pg.Client#connection.stream.cork');
  assert.equal(typeof stream?.uncork, 'function', 'pg.Client#connection.stream.uncork');
});
