import { test } from 'node:test';
import assert from 'node:assert/strict';
import type pg from 'pg';
import { NamingPool, nameStatement, statementName } from './named-statements.js';

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

test("Kysely's clients run named texts by name through pg's public API, everything else as given", async () => {
  const calls: unknown[][] = [];
  let released = 0;
  const client = {
    query: (...args: unknown[]) => {
      calls.push(args);
      return Promise.resolve({ rows: [], rowCount: 1 });
    },
    release: () => (released += 1),
  };
  const pool = new NamingPool({ connect: () => Promise.resolve(client) } as unknown as pg.Pool);
  const text = 'update "orders" set "language" = $1 where "id" = $2';
  nameStatement(text);
  const connection = await pool.connect();
  await connection.query(text, ['en', 'o-1']);
  await connection.query('select * from "orders" where "id" = $1', ['o-1']);
  await connection.query('begin', []);
  connection.release();
  assert.deepEqual(calls, [
    [{ name: statementName(text), text, values: ['en', 'o-1'] }],
    ['select * from "orders" where "id" = $1', ['o-1']],
    ['begin', []],
  ]);
  assert.equal(released, 1);
  assert.equal(await pool.connect(), connection, 'one wrapper per pooled client');
});
