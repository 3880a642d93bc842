import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseClockDuration } from './clock-duration.js';

test('a duration is read in weeks, days, hours, minutes and seconds, combined', () => {
  assert.equal(parseClockDuration('7d'), 7 * 86_400_000);
  assert.equal(parseClockDuration('1d12h'), 36 * 3_600_000);
  assert.equal(parseClockDuration('90m'), 5_400_000);
  assert.equal(parseClockDuration('3600s'), 3_600_000);
  assert.equal(parseClockDuration('2w'), 14 * 86_400_000);
});

test('no duration, a zero one or a malformed one is not a duration', () => {
  for (const text of ['', '7', 'd', '0d', '-1d', '1.5d', '7 d', '7days', '1y', '9999999d'])
    assert.equal(parseClockDuration(text), undefined, text);
});
