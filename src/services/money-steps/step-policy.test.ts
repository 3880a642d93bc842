import { test } from 'node:test';
import assert from 'node:assert/strict';
import { STEP_BACKOFF_BASE_MS, STEP_BACKOFF_MAX_MS, backoffMs } from './step-policy.js';

test('the backoff doubles from 30 s and never passes an hour', () => {
  assert.equal(backoffMs(1), STEP_BACKOFF_BASE_MS);
  assert.equal(backoffMs(2), 2 * STEP_BACKOFF_BASE_MS);
  assert.equal(backoffMs(3), 4 * STEP_BACKOFF_BASE_MS);
  assert.equal(backoffMs(8), STEP_BACKOFF_MAX_MS);
  assert.equal(backoffMs(1000), STEP_BACKOFF_MAX_MS);
  assert.equal(backoffMs(0), STEP_BACKOFF_BASE_MS);
});
