import { test } from 'node:test';
import assert from 'node:assert/strict';
import { feeFor, feePlanText, parseFeePlan, type FeePlan } from './fee-plan.js';

test('a fee plan is percent + fixed within min and max, half-up to the minor unit', () => {
  const plan = parseFeePlan('percent=1.5, fixed=30, min=50, max=5000') as FeePlan;
  assert.deepEqual(plan, { percent: '1.5', fixedMinor: 30, minMinor: 50, maxMinor: 5000 });
  assert.equal(feeFor(plan, 10000), 180); // 150 + 30
  assert.equal(feeFor(plan, 100), 50); // 1.5 + 30 = 32, raised to the minimum
  assert.equal(feeFor(plan, 1_000_000), 5000); // 15000 + 30, capped
  assert.equal(feeFor(parseFeePlan('percent=1.5') as FeePlan, 33), 0); // 0.495 rounds down
  assert.equal(feeFor(parseFeePlan('percent=1.5') as FeePlan, 34), 1); // 0.51 rounds up
  assert.equal(feeFor(undefined, 10000), 0);
});

function problem(text: string): string {
  const plan = parseFeePlan(text);
  assert.equal(typeof plan, 'string', text);
  return plan as string;
}

test('a malformed plan says what is wrong', () => {
  assert.match(problem('percent=abc'), /percent/);
  assert.match(problem('fee=3'), /expected/);
  assert.match(problem('min=100,max=50'), /max/);
  assert.match(problem('fixed=-1'), /fixed/);
  assert.deepEqual(parseFeePlan(''), { percent: '0', fixedMinor: 0, minMinor: 0, maxMinor: null });
});

test('a plan written as text reads back as the same plan', () => {
  for (const text of ['percent=1.5,fixed=30,min=50,max=5000', 'percent=0,fixed=0,min=0', 'percent=2.25']) {
    const plan = parseFeePlan(text) as FeePlan;
    assert.deepEqual(parseFeePlan(feePlanText(plan)), plan);
  }
  assert.equal(feePlanText(parseFeePlan('max=9, percent=1') as FeePlan), 'percent=1,fixed=0,min=0,max=9');
});
