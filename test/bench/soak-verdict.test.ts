import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  errorCheck,
  growthCheck,
  percentile,
  quarterMedians,
  quarters,
  stillRising,
  walCheck,
} from '../../bench/soak-verdict.js';
import { median } from '../../bench/statistics.js';

const plain = (value: number) => String(value);

test('quarters cut by index, at least two samples each, and refuse a run too short to judge', () => {
  const parts = quarters([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  assert.deepEqual(parts, [
    [1, 2],
    [3, 4, 5],
    [6, 7],
    [8, 9, 10],
  ]);
  assert.throws(() => quarters([1, 2, 3, 4, 5, 6, 7]), /at least 8/);
});

test('median and the nearest-rank percentile', () => {
  assert.equal(median([5, 1, 3]), 3);
  assert.equal(median([4, 1, 3, 2]), 2.5);
  assert.equal(percentile([], 99), undefined);
  assert.equal(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 99), 10);
  assert.equal(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 50), 5);
  assert.deepEqual(quarterMedians([1, 1, 2, 2, 3, 3, 4, 4]), [1, 2, 3, 4]);
});

test('a leak is the last quarter median more than the limit above the second, not a single spike', () => {
  // Q2 median 100, Q4 median 110: exactly 10 % passes.
  const flat = [90, 90, 100, 100, 105, 105, 110, 110];
  assert.equal(growthCheck('rss', flat, 0.1, plain).passed, true);
  const leaking = [90, 90, 100, 100, 105, 105, 111, 112];
  const failed = growthCheck('rss', leaking, 0.1, plain);
  assert.equal(failed.passed, false);
  assert.match(failed.reason, /111\.5 vs second-quarter 100: 11\.5 %/);
  // One huge sample in the last quarter moves its median little.
  assert.equal(growthCheck('rss', [1, 1, 100, 100, 100, 100, 100, 100, 900], 0.1, plain).passed, true);
  // The warm-up quarter is not compared: a steep first quarter passes.
  assert.equal(growthCheck('rss', [10, 20, 100, 100, 100, 100, 100, 100], 0.1, plain).passed, true);
  // Shrinking passes.
  assert.equal(growthCheck('p99', [5, 5, 10, 10, 6, 6, 3, 3], 0.5, plain).passed, true);
  assert.equal(growthCheck('p99', [5, 5, 10, 10, 6, 6, 16, 16], 0.5, plain).passed, false);
});

test('growth from a zero base is unbounded unless the last quarter is zero too', () => {
  assert.equal(growthCheck('x', [0, 0, 0, 0, 0, 0, 0, 0], 0.1, plain).passed, true);
  const fromZero = growthCheck('x', [0, 0, 0, 0, 1, 1, 1, 1], 0.1, plain);
  assert.equal(fromZero.passed, false);
  assert.match(fromZero.reason, /from zero/);
});

test('stillRising wants every step non-decreasing and a net rise', () => {
  assert.equal(stillRising([1, 2, 2, 3]), true);
  assert.equal(stillRising([3, 3, 3]), false);
  assert.equal(stillRising([1, 3, 2, 4]), false);
  assert.equal(stillRising([1]), false);
});

test('the WAL fails above its bound, or still rising well past the second quarter, when growth is judged', () => {
  const judged = { judged: true, why: '' };
  const bound = 100;
  assert.equal(walCheck([10, 10, 10, 10, 10, 10, 10, 10], bound, judged, plain).passed, true);
  const over = walCheck([10, 10, 10, 10, 120, 120, 120, 120], bound, judged, plain);
  assert.equal(over.passed, false);
  assert.match(over.reason, /above the bound/);
  // Grown a lot but flat at the end: a WAL file reused in place passes.
  assert.equal(walCheck([1, 1, 10, 10, 40, 40, 40, 40], bound, judged, plain).passed, true);
  const rising = walCheck([1, 1, 10, 10, 20, 30, 40, 50], bound, judged, plain);
  assert.equal(rising.passed, false);
  assert.match(rising.reason, /still rising/);
  const notJudged = walCheck(
    [1, 1, 10, 10, 20, 30, 40, 50],
    bound,
    { judged: false, why: 'too short' },
    plain,
  );
  assert.equal(notJudged.passed, true);
  assert.match(notJudged.reason, /growth not judged: too short/);
  // Not judged still fails over the bound.
  assert.equal(
    walCheck([1, 1, 1, 1, 200, 200, 200, 200], bound, { judged: false, why: '' }, plain).passed,
    false,
  );
});

test('any failed answer fails the error check and names the first', () => {
  assert.equal(errorCheck(0, 1000, undefined).passed, true);
  const failed = errorCheck(2, 1000, 'register.do: HTTP 500');
  assert.equal(failed.passed, false);
  assert.match(failed.reason, /2 of 1000 .*HTTP 500/);
});
