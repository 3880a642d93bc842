import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cryptoRandom, uuidV7 } from './random-source.js';

test('uuidV7 writes the time first, then version 7 and the RFC 9562 variant', () => {
  const id = uuidV7(0x0192_3456_789a, new Uint8Array(10).fill(0xff));
  assert.equal(id, '01923456-789a-7fff-bfff-ffffffffffff');
  assert.match(cryptoRandom.uuid(), /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
});

test('identifiers made later sort after earlier ones, and never repeat', () => {
  const earlier = uuidV7(1_700_000_000_000, new Uint8Array(10).fill(0xff));
  const later = uuidV7(1_700_000_000_001, new Uint8Array(10));
  assert.ok(earlier < later);
  const many = new Set(Array.from({ length: 5000 }, () => cryptoRandom.uuid()));
  assert.equal(many.size, 5000);
});

test('identifiers made in one millisecond sort in the order they were made', () => {
  const made = Array.from({ length: 5000 }, () => cryptoRandom.uuid());
  assert.deepEqual([...made].sort(), made);
  assert.equal(new Set(made).size, made.length);
  for (const id of made)
    assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
});
