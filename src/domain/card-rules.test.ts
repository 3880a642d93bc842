import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { expiryInPast, formatExpiry, luhnValid, networkOf, parseExpiry } from './card-rules.js';
import { Pan } from './pan.js';

test('Luhn accepts the sandbox cards and refuses a changed digit', () => {
  for (const pan of [
    '4111111111111111',
    '5555555555555599',
    '5168494895055780',
    '2200000000000053',
    '4000000000003220',
  ]) {
    assert.equal(luhnValid(pan), true, pan);
  }
  assert.equal(luhnValid('4111111111111112'), false);
  assert.equal(luhnValid('41111111111111a1'), false);
});

test('network by first digits: 4 is V, 51-55 and 2221-2720 are M, others are neither', () => {
  assert.equal(networkOf('4111111111111111'), 'V');
  for (const pan of ['5100000000000008', '5555555555554444', '2221000000000009', '2720990000000000'])
    assert.equal(networkOf(pan), 'M', pan);
  for (const pan of [
    '2200000000000053',
    '2220990000000000',
    '2721000000000000',
    '5000001111111115',
    '5600000000000000',
  ]) {
    assert.equal(networkOf(pan), 'OTHER', pan);
  }
});

test('expiry is YYYYMM, valid through the end of its month', () => {
  assert.deepEqual(parseExpiry('203412'), { year: 2034, month: 12 });
  assert.equal(parseExpiry('203413'), undefined);
  assert.equal(parseExpiry('20341'), undefined);
  assert.equal(formatExpiry({ year: 2030, month: 1 }), '203001');
  const nov2026 = Date.UTC(2026, 10, 30, 23, 59);
  assert.equal(expiryInPast({ year: 2026, month: 11 }, nov2026), false);
  assert.equal(expiryInPast({ year: 2026, month: 10 }, nov2026), true);
  assert.equal(expiryInPast({ year: 2027, month: 1 }, nov2026), false);
});

test('a Pan masks itself in JSON, strings and inspection', () => {
  const pan = new Pan('4111111111111111');
  assert.equal(pan.masked, '411111**1111');
  assert.equal(JSON.stringify({ pan }), '{"pan":"411111**1111"}');
  assert.equal(String(pan), '411111**1111');
  assert.ok(!inspect({ pan }).includes('4111111111111111'));
  assert.equal(pan.reveal(), '4111111111111111');
});
