import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { MerchantTime } from './merchant-time.js';

const REAL_MS = 1_800_000_000_000;
const DAY_MS = 86_400_000;
const realClock = { nowMs: () => REAL_MS };

test('outside any merchant, and for a merchant whose clock never moved, time is real', () => {
  const time = new MerchantTime(realClock);
  assert.equal(time.nowMs(), REAL_MS);
  assert.equal(
    time.within('m-1', () => time.nowMs()),
    REAL_MS,
  );
  assert.deepEqual(time.advanced(), []);
});

test("a merchant's work reads its clock across awaits, and its neighbour's does not", async () => {
  const time = new MerchantTime(realClock);
  time.set('ahead', 7 * DAY_MS);
  const [ahead, other] = await Promise.all([
    time.within('ahead', async () => {
      await nextTurn();
      return time.nowMs();
    }),
    time.within('other', async () => {
      await nextTurn();
      return time.nowMs();
    }),
  ]);
  assert.equal(ahead, REAL_MS + 7 * DAY_MS);
  assert.equal(other, REAL_MS);
  assert.equal(time.nowMs(), REAL_MS, 'the scope ends with the work');
  assert.equal(time.real.nowMs(), REAL_MS);
});

test("work for a merchant on real time inside another's scope reads real time", () => {
  const time = new MerchantTime(realClock);
  time.set('ahead', DAY_MS);
  const inner = time.within('ahead', () => time.within('plain', () => time.nowMs()));
  assert.equal(inner, REAL_MS);
});

test('an explicit offset steps the clock for one piece of work (the advance)', () => {
  const time = new MerchantTime(realClock);
  time.set('ahead', DAY_MS);
  assert.equal(
    time.within('ahead', () => time.nowMs(), 3 * DAY_MS),
    REAL_MS + 3 * DAY_MS,
  );
  assert.equal(time.nowOf('ahead'), REAL_MS + DAY_MS);
});

test('loaded clocks replace the process copy; a reset clock is no longer advanced', () => {
  const time = new MerchantTime(realClock);
  time.set('a', DAY_MS);
  time.load([{ merchantId: 'b', offsetMs: 2 * DAY_MS }]);
  assert.deepEqual(time.advanced(), [['b', 2 * DAY_MS]]);
  assert.equal(time.offsetOf('a'), 0);
  time.set('b', 0);
  assert.deepEqual(time.advanced(), []);
});
