import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkCartLines, lineTotalMinor, quantityInThousandths } from './cart-rules.js';
import { Refusal } from './refusals.js';

test('quantities are exact in thousandths', () => {
  assert.equal(quantityInThousandths('1'), 1000n);
  assert.equal(quantityInThousandths('2.5'), 2500n);
  assert.equal(quantityInThousandths('0.001'), 1n);
});

test('line totals multiply exactly and round half up', () => {
  assert.equal(lineTotalMinor(1000, '3'), 3000n);
  assert.equal(lineTotalMinor(333, '0.5'), 167n);
  assert.equal(lineTotalMinor(999_999_999_999, '1.001'), 1_000_999_999_999n);
});

test('a mismatching itemAmount is refused with the expected total', () => {
  assert.throws(
    () =>
      checkCartLines([{ positionId: 1, quantity: { value: '2' }, itemPrice: 500, itemAmount: 999 }], 'items'),
    (error: unknown) =>
      error instanceof Refusal && error.key === 'CART_ITEM_AMOUNT_MISMATCH' && error.vars.expected === '1000',
  );
});

test('duplicate positionId is refused, distinct ones pass', () => {
  const line = { positionId: 7, quantity: { value: '1' }, itemAmount: 100 };
  assert.doesNotThrow(() => checkCartLines([line, { ...line, positionId: 8 }], 'items'));
  assert.throws(
    () => checkCartLines([line, line], 'items'),
    (error: unknown) => error instanceof Refusal && error.key === 'CART_POSITION_DUPLICATE',
  );
});

test('a line needs itemAmount or itemPrice', () => {
  assert.throws(
    () => checkCartLines([{ positionId: 1, quantity: { value: '1' } }], 'items'),
    (error: unknown) =>
      error instanceof Refusal && error.key === 'PARAM_MISSING' && error.vars.param === 'items[0].itemAmount',
  );
});
