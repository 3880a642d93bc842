import { test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { executeNamedStatements, nameStatement, statementName } from './named-statements.js';

test('fixed texts are named once; texts with a * result never are', () => {
  const named = [
    'insert into "orders" ("id", "status") values ($1, $2)',
    'update "orders" set "status" = $1 where "id" = $2',
    'select "id", "status" from "orders" where "id" = $1',
    'select count(*) from "orders" where "merchant_id" = $1',
  ];
  const unnamed = [
    'select * from "orders" where "id" = $1',
    'select "orders".* from "orders" where "id" = $1',
    'select distinct * from "orders"',
    'update "callbacks" set "state" = $1 where "id" = $2 returning *',
    'insert into "orders" ("id") values ($1) RETURNING "orders".*',
  ];
  for (const text of [...named, ...unnamed]) nameStatement(text);
  const names = named.map((text) => statementName(text));
  assert.ok(
    names.every((name) => name !== undefined && /^gatehouse_\d+$/.test(name)),
    String(names),
  );
  assert.equal(new Set(names).size, named.length);
  for (const text of unnamed) assert.equal(statementName(text), undefined, text);
  nameStatement(named[0] ?? '');
  assert.equal(statementName(named[0] ?? ''), names[0], 'naming a text again keeps its name');
});

test('a client runs named texts by name and passes everything else through unchanged', async () => {
  const calls: unknown[][] = [];
  const client = { query: (...args: unknown[]) => calls.push(args) } as unknown as pg.PoolClient;
  executeNamedStatements(client);
  const text = 'update "orders" set "language" = $1 where "id" = $2';
  nameStatement(text);
  const query = (...args: unknown[]): unknown =>
    (client as unknown as { query: (...a: unknown[]) => unknown }).query(...args);
  const answered = query(text, ['en', 'o-1']) as Promise<unknown>;
  const failed = query(text, ['fr', 'o-2']) as Promise<unknown>;
  query('select * from "orders" where "id" = $1', ['o-1']);
  query('begin');
  const cursor = { submit: () => undefined };
  query(cursor);
  // pg is handed its own Query, named, with the text and the values.
  const sent = calls[0]?.[0] as pg.Query & { name?: string; text?: string; values?: unknown[] };
  assert.ok(sent instanceof pg.Query);
  assert.deepEqual([sent.name, sent.text, sent.values], [statementName(text), text, ['en', 'o-1']]);
  // pg answers a Query through its callback; the caller gets a promise of it.
  const result = { rows: [], rowCount: 1 };
  (sent as unknown as { callback: (error: Error | null, result: unknown) => void }).callback(null, result);
  assert.equal(await answered, result);
  const refusal = new Error('deadlock detected');
  (calls[1]?.[0] as { callback: (error: Error | null) => void }).callback(refusal);
  await assert.rejects(failed, (error) => error === refusal);
  assert.deepEqual(calls.slice(2), [
    ['select * from "orders" where "id" = $1', ['o-1'], undefined],
    ['begin', undefined, undefined],
    [cursor, undefined, undefined],
  ]);
});
