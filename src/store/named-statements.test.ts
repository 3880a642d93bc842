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

test('a client runs named texts by name and passes everything else through unchanged', () => {
  const calls: unknown[][] = [];
  const client = { query: (...args: unknown[]) => calls.push(args) } as unknown as pg.PoolClient;
  executeNamedStatements(client);
  const text = 'update "orders" set "language" = $1 where "id" = $2';
  nameStatement(text);
  const query = (...args: unknown[]): unknown =>
    (client as unknown as { query: (...a: unknown[]) => unknown }).query(...args);
  query(text, ['en', 'o-1']);
  query('select * from "orders" where "id" = $1', ['o-1']);
  query('begin');
  const cursor = { submit: () => undefined };
  query(cursor);
  // As pg reads the config it is given (its Query copies the config's own members first).
  const sent = new pg.Query(calls[0]?.[0] as pg.QueryConfig) as unknown as pg.QueryConfig;
  assert.deepEqual([sent.name, sent.text, sent.values], [statementName(text), text, ['en', 'o-1']]);
  assert.deepEqual(calls.slice(1), [
    ['select * from "orders" where "id" = $1', ['o-1'], undefined],
    ['begin', undefined, undefined],
    [cursor, undefined, undefined],
  ]);
});
