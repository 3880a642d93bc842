import { test } from 'node:test';
import assert from 'node:assert/strict';
import type pg from 'pg';
import { PipelinedClient } from './pipelined-units.js';

function fakeClient() {
  const events: string[] = [];
  const stream = {
    cork: () => events.push('cork'),
    uncork: () => events.push('uncork'),
  };
  const client = {
    connection: { stream },
    query: (text: string, values: unknown[]) => {
      events.push(`query ${text} ${JSON.stringify(values)}`);
      return Promise.resolve({ rows: [], rowCount: 0, command: 'SELECT' });
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
