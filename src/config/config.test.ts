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

test('GATEHOUSE_ENV=production turns off everything sandbox at once; the default stays the sandbox', () => {
  const sandbox = loadConfig({}, '/tmp');
  assert.deepEqual(
    [sandbox.environment, sandbox.sandboxMerchant, sandbox.sandboxWallets, sandbox.callbackPrivateAddresses],
    ['sandbox', true, true, true],
  );
  const production = loadConfig({ GATEHOUSE_ENV: 'production' }, '/tmp');
  assert.deepEqual(
    [
      production.environment,
      production.sandboxMerchant,
      production.sandboxWallets,
      production.callbackPrivateAddresses,
    ],
    ['production', false, false, false],
  );
  assert.equal(
    loadConfig({ GATEHOUSE_CALLBACK_PRIVATE_ADDRESSES: 'false' }, '/tmp').callbackPrivateAddresses,
    false,
  );
});

test('production refuses a sandbox switch turned on, and an unknown environment', () => {
  for (const name of [
    'GATEHOUSE_SANDBOX_MERCHANT',
    'GATEHOUSE_SANDBOX_WALLETS',
    'GATEHOUSE_CALLBACK_PRIVATE_ADDRESSES',
  ]) {
    assert.throws(
      () => loadConfig({ GATEHOUSE_ENV: 'production', [name]: 'true' }, '/tmp'),
      (error: unknown) => error instanceof ConfigError && error.message.includes(name),
    );
  }
  assert.throws(() => loadConfig({ GATEHOUSE_ENV: 'staging' }, '/tmp'), /GATEHOUSE_ENV must be one of/);
});

test('a refused value is echoed without its credentials (issue 41)', () => {
  for (const [name, value] of [
    ['GATEHOUSE_DB', 'mysql://gate:s3cret@db.internal:3306/gh'],
    ['GATEHOUSE_DB', 'postgress://gate:s3cret@db.internal/gh'],
    ['GATEHOUSE_DB', 'host=db.internal user=gate password=s3cret dbname=gh'],
    ['GATEHOUSE_PUBLIC_URL', 'gateway password=s3cret'],
  ] as const) {
    assert.throws(
      () => loadConfig({ [name]: value }, '/tmp'),
      (error: unknown) =>
        error instanceof ConfigError &&
        error.message.includes(name) &&
        error.message.includes('db.internal') === value.includes('db.internal') &&
        !error.message.includes('s3cret'),
      value,
    );
  }
});

test('GATEHOUSE_PASSWORD_SCRYPT_N lowers the password cost only in the sandbox, only to a power of two', () => {
  assert.equal(loadConfig({ GATEHOUSE_PASSWORD_SCRYPT_N: '1024' }, '/tmp').environment, 'sandbox');
  assert.throws(
    () => loadConfig({ GATEHOUSE_ENV: 'production', GATEHOUSE_PASSWORD_SCRYPT_N: '1024' }, '/tmp'),
    (error: unknown) => error instanceof ConfigError && /production/.test(error.message),
  );
  loadConfig({ GATEHOUSE_ENV: 'production', GATEHOUSE_PASSWORD_SCRYPT_N: '32768' }, '/tmp');
  for (const bad of ['1000', '65536', 'cheap']) {
    assert.throws(
      () => loadConfig({ GATEHOUSE_PASSWORD_SCRYPT_N: bad }, '/tmp'),
      (error: unknown) => error instanceof ConfigError && /power of two/.test(error.message),
      bad,
    );
  }
});
