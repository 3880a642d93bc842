import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CvcKeeper } from './cvc-keeper.js';

test('a kept CVC is handed out once', () => {
  const keeper = new CvcKeeper();
  keeper.keep('a', '123', 2_000, 1_000);
  assert.equal(keeper.take('a'), '123');
  assert.equal(keeper.take('a'), undefined);
});

test('expired CVCs are dropped when the next one is kept, and nothing is kept without a CVC', () => {
  let realMs = 1_000;
  const keeper = new CvcKeeper({ nowMs: () => realMs });
  keeper.keep('old', '111', 1_500, 1_000);
  keeper.keep('none', undefined, 9_000, 1_000);
  realMs = 2_000;
  keeper.keep('new', '222', 9_000, 2_000);
  assert.equal(keeper.take('old'), undefined);
  assert.equal(keeper.take('none'), undefined);
  assert.equal(keeper.take('new'), '222');
});

test('keeping many CVCs stays cheap (no scan of every entry per call)', () => {
  const keeper = new CvcKeeper();
  const started = process.hrtime.bigint();
  for (let i = 0; i < 50_000; i += 1) keeper.keep(`t${i}`, '123', 10_000_000, 1_000);
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  // A full scan per call would be about 1.25 billion steps; one step per call is a few ms.
  assert.ok(ms < 2_000, `${ms} ms`);
  assert.equal(keeper.take('t49999'), '123');
});

test("a merchant whose test clock is a week ahead keeps its CVC without dropping another merchant's", () => {
  const realMs = 1_000_000;
  const weekMs = 7 * 24 * 3_600_000;
  const keeper = new CvcKeeper({ nowMs: () => realMs });
  keeper.keep('on real time', '111', realMs + 1_200_000, realMs);
  keeper.keep('a week ahead', '222', realMs + weekMs + 1_200_000, realMs + weekMs);
  assert.equal(keeper.take('on real time'), '111');
  assert.equal(keeper.take('a week ahead'), '222');
});
