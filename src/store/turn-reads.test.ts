import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setImmediate as nextCheckPhase } from 'node:timers/promises';
import type pg from 'pg';
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
