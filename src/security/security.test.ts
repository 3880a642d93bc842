import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from './password-hash.js';
import { SecretBox } from './secret-box.js';
import { hashToken, newPassword, newToken } from './token-hash.js';

test('scrypt hashes verify the right password only', async () => {
  const hash = await hashPassword('s3cret-pass');
  assert.match(hash, /^scrypt\$32768\$8\$1\$/);
  assert.ok(!hash.includes('s3cret-pass'));
  assert.equal(await verifyPassword('s3cret-pass', hash), true);
  assert.equal(await verifyPassword('s3cret-pasS', hash), false);
  assert.equal(await verifyPassword('anything', DUMMY_PASSWORD_HASH), false);
  assert.equal(await verifyPassword('anything', 'garbage'), false);
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
