import { test } from 'node:test';
import assert from 'node:assert/strict';
import { multiRowInsert, noteInsert } from './multi-row-insert.js';
import { statementName } from './named-statements.js';

const PLAIN = 'insert into "probe_rows" ("id", "amount", "note") values ($1, $2, $3)';

test('a plain single-row insert gets a named twin taking the rows as JSON', () => {
  noteInsert(PLAIN);
  const twin = multiRowInsert(PLAIN);
  assert.ok(twin !== undefined);
  assert.equal(
    twin.text,
    'insert into "probe_rows" ("id", "amount", "note") select "id", "amount", "note" ' +
      'from json_populate_recordset(null::"probe_rows", $1::json)',
  );
  assert.ok(statementName(twin.text) !== undefined);
  const json = twin.json([
    ['a', 100, 'say "hi"\n'],
    ['b', 0, null],
  ]);
  assert.deepEqual(JSON.parse(json!), [
    { id: 'a', amount: 100, note: 'say "hi"\n' },
    { id: 'b', amount: 0, note: null },
  ]);
});

test('values JSON would not carry as the driver sends them are refused', () => {
  noteInsert(PLAIN);
  const twin = multiRowInsert(PLAIN)!;
  const odd: [string, unknown][] = [
    ['a boolean', true],
    ['a buffer', Buffer.from('x')],
    ['a date', new Date(0)],
    ['NaN', Number.NaN],
    ['a bigint', 10n],
    ['an object', { a: 1 }],
  ];
  for (const [what, value] of odd) assert.equal(twin.json([['a', value, null]]), undefined, what);
  assert.equal(twin.json([['a', 1]]), undefined, 'a row short of a value');
});

test('only plain inserts, one parameter per column in order, get a twin', () => {
  for (const text of [
    'insert into "t" ("a", "b") values ($1, $2) on conflict do nothing',
    'insert into "t" ("a", "b") values ($1, $2) returning "a"',
    'insert into "t" ("a", "b") values ($2, $1)',
    'insert into "t" ("a", "b") values ($1, now())',
    'insert into "t" ("a") select $1',
    'insert into "t" ("a", "b") values (?, ?)',
    'update "t" set "a" = $1',
  ]) {
    noteInsert(text);
    assert.equal(multiRowInsert(text), undefined, text);
  }
});
