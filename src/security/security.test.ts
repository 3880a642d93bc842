import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import {
  DEFAULT_SCRYPT_N,
  DUMMY_PASSWORD_HASH,
  hashPassword,
  SCRYPT_N_ENV,
  scryptNOf,
  verifyPassword,
} from './password-hash.js';
import { SecretBox } from './secret-box.js';
import { hashToken, newPassword, newToken } from './token-hash.js';

test('scrypt hashes verify the right password only', async () => {
  const hash = await hashPassword('s3cret-pass');
  // The suite lowers N for speed (scripts/run-tests.js); a process without the variable uses 32768.
  const n = scryptNOf(process.env[SCRYPT_N_ENV]) ?? DEFAULT_SCRYPT_N;
  assert.ok(hash.startsWith(`scrypt$${n}$8$1$`), hash);
  assert.ok(!hash.includes('s3cret-pass'));
  assert.equal(await verifyPassword('s3cret-pass', hash), true);
  assert.equal(await verifyPassword('s3cret-pasS', hash), false);
  assert.equal(await verifyPassword('anything', DUMMY_PASSWORD_HASH), false);
  assert.equal(await verifyPassword('anything', 'garbage'), false);
});

test('a hash made at the default N verifies under a lowered one, and N is only ever lowered', async () => {
  assert.equal(DEFAULT_SCRYPT_N, 32768);
  assert.equal(scryptNOf('1024'), 1024);
  assert.equal(scryptNOf('32768'), 32768);
  for (const refused of ['65536', '512', '3000', 'x', '-1024'])
    assert.equal(scryptNOf(refused), undefined, refused);
  assert.equal(scryptNOf(undefined), undefined);
  // Written by a process at the default N (what every production hash is), read by this one.
  const atDefault =
    'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$' +
    (await import('node:crypto'))
      .scryptSync('pw', Buffer.alloc(16), 32, { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 })
      .toString('base64');
  assert.equal(await verifyPassword('pw', atDefault), true);
  assert.equal(await verifyPassword('pW', atDefault), false);
});

test('tokens and passwords are random and hashed tokens are stable', () => {
  const token = newToken();
  assert.equal(token.length, 43);
  assert.notEqual(newToken(), token);
  assert.equal(hashToken(token), hashToken(token));
  assert.match(hashToken(token), /^[0-9a-f]{64}$/);
  const password = newPassword();
  assert.equal(password.length, 24);
  assert.match(password, /^[A-HJ-NP-Za-km-z2-9]+$/);
});

test('secret box round-trips and detects tampering and a wrong key', () => {
  const box = new SecretBox(randomBytes(32));
  const sealed = box.seal('callback-key', 'merchant-1');
  assert.ok(!sealed.includes('callback-key'));
  assert.equal(box.open(sealed, 'merchant-1'), 'callback-key');
  assert.throws(() => box.open(sealed, 'merchant-2'));
  const parts = sealed.split('.');
  parts[3] = Buffer.from('x').toString('base64url');
  assert.throws(() => box.open(parts.join('.'), 'merchant-1'));
  assert.throws(() => new SecretBox(randomBytes(32)).open(sealed, 'merchant-1'), /does not have/);
});
