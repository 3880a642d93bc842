import { test } from 'node:test';
import assert from 'node:assert/strict';
import { integerRangePattern } from './integer-pattern.js';

test('the pattern of a range matches exactly its integers, written without leading zeros', () => {
  const ranges: [number, number][] = [
    [0, 0],
    [1, 12],
    [0, 9999],
    [1, 99],
    [2000, 2200],
    [7, 1234],
    [19, 20],
    [0, 10],
    [99, 101],
  ];
  for (const [min, max] of ranges) {
    const pattern = new RegExp(integerRangePattern(min, max));
    for (let value = 0; value <= max * 2 + 20; value += 1) {
      assert.equal(pattern.test(String(value)), value >= min && value <= max, `${value} in ${min}..${max}`);
    }
    for (const text of ['', 'abc', '-1', `0${min}`, `${min}.0`, ` ${min}`]) {
      assert.equal(pattern.test(text), false, `${JSON.stringify(text)} against ${min}..${max}`);
    }
  }
});

test('a range that is not of non-negative safe integers has no pattern', () => {
  assert.throws(() => integerRangePattern(-1, 5), RangeError);
  assert.throws(() => integerRangePattern(5, 1), RangeError);
});
