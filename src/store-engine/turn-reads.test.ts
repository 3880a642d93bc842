import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setImmediate as nextCheckPhase } from 'node:timers/promises';
import type pg from 'pg';
import { nameStatement } from './named-statements.js';
import { TurnReads } from './turn-reads.js';

function fakePool(answer: (text: string) => Promise<unknown>) {
  const clients: { queries: string[]; released: (Error | undefined)[] }[] = [];
  const pool = {
    connect: () => {
      const client = { queries: [] as string[], released: [] as (Error | undefined)[] };
      clients.push(client);
      return Promise.resolve({
        query: ({ text }: pg.QueryConfig) => {
          client.queries.push(text);
          return answer(text);
        },
        release: (error?: Error) => client.released.push(error),
      });
    },
  };
  return { clients, reads: new TurnReads(pool as unknown as pg.Pool) };
}

test("a turn's reads share one connection, given back once they are answered", async () => {
  const { clients, reads } = fakePool((text) => Promise.resolve({ rows: [{ text }] }));
  const answers = await Promise.all([reads.query('select 1', []), reads.query('select 2', [])]);
  assert.deepEqual(
    answers.map((answer) => answer.rows as unknown[]),
    [[{ text: 'select 1' }], [{ text: 'select 2' }]],
  );
  await nextCheckPhase();
  assert.equal(clients.length, 1);
  assert.deepEqual(clients[0]?.queries, ['select 1', 'select 2']);
  assert.deepEqual(clients[0]?.released, [undefined]);
  // A later turn takes another connection.
  await reads.query('select 3', []);
  await nextCheckPhase();
  assert.equal(clients.length, 2);
  assert.deepEqual(clients[1]?.released, [undefined]);
});

test('a lost connection is given back broken; a statement error leaves it usable', async () => {
  const lost = Object.assign(new Error('Connection terminated unexpectedly'), {});
  const timeout = Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
  const { clients, reads } = fakePool((text) =>
    text === 'select lost' ? Promise.reject(lost) : Promise.reject(timeout),
  );
  await assert.rejects(reads.query('select slow', []), (error) => error === timeout);
  await nextCheckPhase();
  assert.deepEqual(clients[0]?.released, [undefined]);
  await assert.rejects(reads.query('select lost', []), (error) => error === lost);
  await nextCheckPhase();
  assert.deepEqual(clients[1]?.released, [lost]);
});

test('a named read without an order comes back through row_to_json, unwrapped', async () => {
  const byKey = 'select "id", "status" from "probe_rows" where "id" = $1';
  const ordered = 'select "id" from "probe_rows" order by "id"';
  nameStatement(byKey);
  nameStatement(ordered);
  const { clients, reads } = fakePool((text) =>
    Promise.resolve({
      rows: text.includes('row_to_json') ? [{ row: { id: 'a', status: 2 } }] : [{ id: 'a' }],
    }),
  );
  assert.deepEqual((await reads.query(byKey, ['a'])).rows, [{ id: 'a', status: 2 }]);
  assert.deepEqual((await reads.query(ordered, [])).rows, [{ id: 'a' }]);
  // Not named (a select *, a text outside preparedQuery): sent as it is.
  assert.deepEqual((await reads.query('select 1', [])).rows, [{ id: 'a' }]);
  assert.deepEqual(
    clients.flatMap((client) => client.queries),
    [`select row_to_json(r) as "row" from (${byKey}) as r`, ordered, 'select 1'],
  );
});
