import { test } from 'node:test';
import assert from 'node:assert/strict';
import { orderExpiresAtMs } from './order-lifetime.js';
import { Refusal } from './refusals.js';

const nowMs = Date.UTC(2026, 10, 21, 12, 0, 0);

test('expirationDate wins over sessionTimeoutSecs and the merchant setting', () => {
  const expirationDateMs = nowMs + 3_600_000;
  assert.equal(
    orderExpiresAtMs({ nowMs, expirationDateMs, sessionTimeoutSecs: 60, merchantTimeoutSecs: 1200 }),
    expirationDateMs,
  );
});

test('sessionTimeoutSecs wins over the merchant setting, which is the fallback', () => {
  assert.equal(
    orderExpiresAtMs({ nowMs, sessionTimeoutSecs: 60, merchantTimeoutSecs: 1200 }),
    nowMs + 60_000,
  );
  assert.equal(orderExpiresAtMs({ nowMs, merchantTimeoutSecs: 1200 }), nowMs + 1_200_000);
});

test('an expirationDate that is not in the future is refused', () => {
  for (const expirationDateMs of [nowMs, nowMs - 1000]) {
    assert.throws(
      () => orderExpiresAtMs({ nowMs, expirationDateMs, merchantTimeoutSecs: 1200 }),
      (error: unknown) =>
        error instanceof Refusal && error.key === 'PARAM_INVALID' && error.vars.param === 'expirationDate',
    );
  }
});
