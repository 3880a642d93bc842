import { test } from 'node:test';
import assert from 'node:assert/strict';
import { constants, generateKeyPairSync, publicEncrypt } from 'node:crypto';
import { openSeToken, sealSeToken } from './se-token.js';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
const nowMs = Date.UTC(2026, 10, 21, 12, 0, 0);

test('a sealed token opens to its card data', () => {
  const token = sealSeToken({ pan: '4111111111111111', expiry: '203412', cvc: '123' }, publicKey, nowMs);
  assert.ok(!token.includes('4111'));
  const content = openSeToken(token, privateKey, nowMs + 1000);
  assert.equal(content?.pan, '4111111111111111');
  assert.equal(content?.expiry, '203412');
  assert.equal(content?.cvc, '123');
  assert.equal(content?.mdOrder, undefined);
});

test('empty CVC stays empty, and SHA-1 OAEP from older devices is accepted', () => {
  const plaintext = `${nowMs}/0b7c2f0e-5f5d-4d8f-9a38-1e1c2c0a0b01/5555555555554444//203001/`;
  const token = publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
    Buffer.from(plaintext),
  ).toString('base64');
  const content = openSeToken(token, privateKey, nowMs);
  assert.equal(content?.pan, '5555555555554444');
  assert.equal(content?.cvc, undefined);
});

test('a token for another key, a stale one, garbage and bad fields do not open', () => {
  assert.equal(
    openSeToken(
      sealSeToken({ pan: '4111111111111111', expiry: '203412' }, other.publicKey, nowMs),
      privateKey,
      nowMs,
    ),
    undefined,
  );
  assert.equal(
    openSeToken(
      sealSeToken({ pan: '4111111111111111', expiry: '203412' }, publicKey, nowMs - 2 * 3_600_000),
      privateKey,
      nowMs,
    ),
    undefined,
  );
  assert.equal(openSeToken('not base64 at all', privateKey, nowMs), undefined);
  assert.equal(
    openSeToken(sealSeToken({ pan: '4111', expiry: '203412' }, publicKey, nowMs), privateKey, nowMs),
    undefined,
  );
  assert.equal(
    openSeToken(
      sealSeToken({ pan: '4111111111111111', expiry: '2034' }, publicKey, nowMs),
      privateKey,
      nowMs,
    ),
    undefined,
  );
});
