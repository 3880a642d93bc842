import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PAYMENT_RECOVERY_GRACE_MS } from '../jobs/money-step-recovery-job.js';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from './config.js';

test('the recovery grace defaults to the job default and can be shortened', () => {
  assert.equal(loadConfig({}, '/tmp').recoveryGraceMs, PAYMENT_RECOVERY_GRACE_MS);
  assert.equal(Number(CONFIG_VARIABLES.GATEHOUSE_RECOVERY_GRACE_MS), PAYMENT_RECOVERY_GRACE_MS);
  assert.equal(loadConfig({ GATEHOUSE_RECOVERY_GRACE_MS: '500' }, '/tmp').recoveryGraceMs, 500);
  assert.equal(loadConfig({ GATEHOUSE_RECOVERY_GRACE_MS: '0' }, '/tmp').recoveryGraceMs, 0);
});

test('an invalid recovery grace stops the start with a message naming the variable', () => {
  for (const value of ['-1', '1.5', 'soon', '3600001']) {
    assert.throws(
      () => loadConfig({ GATEHOUSE_RECOVERY_GRACE_MS: value }, '/tmp'),
      (error: unknown) =>
        error instanceof ConfigError && error.message.includes('GATEHOUSE_RECOVERY_GRACE_MS'),
      value,
    );
  }
});
