import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newTotp, totpCode, totpStep } from './totp.js';

// RFC 6238 appendix B: the SHA-1 seed "12345678901234567890" in Base32, eight digits there, six here.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

test('codes are the RFC 6238 SHA-1 vectors cut to six digits', () => {
  assert.equal(totpCode(RFC_SECRET, 59_000), '287082');
  assert.equal(totpCode(RFC_SECRET, 1_111_111_109_000), '081804');
  assert.equal(totpCode(RFC_SECRET, 2_000_000_000_000), '279037');
});

test('a code is accepted one step either side and names its own step; others are refused', () => {
  const { secret, uri } = newTotp('ops@example.com');
  assert.match(uri, /^otpauth:\/\/totp\/Gatehouse:ops%40example\.com\?/);
  const nowMs = 1_800_000_000_000;
  const step = Math.floor(nowMs / 30_000);
  assert.equal(totpStep(secret, totpCode(secret, nowMs), nowMs), step);
  assert.equal(totpStep(secret, totpCode(secret, nowMs - 30_000), nowMs), step - 1);
  assert.equal(totpStep(secret, totpCode(secret, nowMs + 30_000), nowMs), step + 1);
  assert.equal(totpStep(secret, totpCode(secret, nowMs - 90_000), nowMs), undefined);
  assert.equal(totpStep(secret, '12345', nowMs), undefined);
  assert.equal(totpStep(secret, 'abcdef', nowMs), undefined);
});
