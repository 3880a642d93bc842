import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { independentWalletCToken } from '../../../../test/support/wallet-c-independent.js';
import { isWalletTokenError, type WalletTokenErrorReason } from '../wallet-token-error.js';
import {
  decryptWalletCToken,
  mintWalletCToken,
  openWalletCToken,
  walletCJwe,
  walletCKid,
  WALLET_C_MAX_AGE_MS,
  type WalletCKey,
} from './index.js';
import { unwrapPkcs1Key } from './pkcs1-key-unwrap.js';

const NOW_MS = Date.UTC(2026, 10, 26, 12);
const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
// Made in a hook, not while the module loads: a key made at load time under the test runner once
// hung its child process (docs/decisions/0117-keys-in-unit-tests-made-in-hooks.md).
let mine: ReturnType<typeof rsa>;
let other: ReturnType<typeof rsa>;
before(() => {
  mine = rsa();
  other = rsa();
});
const keyOf = (privateKey: ReturnType<typeof rsa>): WalletCKey => ({
  kid: walletCKid(createPublicKey(privateKey)),
  privateKey,
});
const PAYMENT = {
  tokenPan: '5555555555554444',
  tokenPanExpiration: '1234',
  amountMinor: 1999,
  currencyCode: 'EUR',
  cryptogram: 'AgAAAAAABk4DWZ4C28yUQAAAAAA=',
  eci: '5',
};
const mint = (nowMs = NOW_MS, additionalData: 'header' | 'none' = 'header') =>
  mintWalletCToken({ publicKey: createPublicKey(mine), payment: PAYMENT, nowMs, additionalData });

function refusedWith(reason: WalletTokenErrorReason): (error: unknown) => boolean {
  return (error) => isWalletTokenError(error) && error.reason === reason;
}

test('a minted token opens to its credential, with and without the header as additional data', () => {
  for (const additionalData of ['header', 'none'] as const) {
    const payment = openWalletCToken(mint(NOW_MS, additionalData), [keyOf(mine)], NOW_MS);
    assert.equal(payment.amountMinor, 1999);
    assert.equal(payment.currency, '978');
    assert.equal(payment.expiryYYYYMM, '203412');
    assert.equal(payment.eci, '05');
    assert.equal(payment.tokenPan.reveal(), '5555555555554444');
    assert.equal(payment.cryptogram.reveal(), PAYMENT.cryptogram);
  }
});

test('a token made by an independent implementation from protocols-jose.md opens', () => {
  const payload = {
    amount: '100',
    currency_code: 'USD',
    utc: String(NOW_MS),
    eci_indicator: '07',
    tokenPAN: '4111111111111111',
    tokenPanExpiration: '0139',
    cryptogram: 'AgAAAAAABQrqUtnic6MLQAAAAAA=',
  };
  for (const rfcAdditionalData of [true, false]) {
    const token = independentWalletCToken(createPublicKey(mine), payload, { rfcAdditionalData });
    const payment = openWalletCToken(token, [keyOf(other), keyOf(mine)], NOW_MS);
    assert.deepEqual([payment.amountMinor, payment.currency, payment.expiryYYYYMM], [100, '840', '203901']);
  }
});

test('implicit rejection: a bad padding, a wrong key and a tampered tag give the same refusal', () => {
  const payload = { amount: '1', currency_code: 'EUR', utc: String(NOW_MS), eci_indicator: '05' };
  const badPadding = independentWalletCToken(createPublicKey(mine), payload, {
    rfcAdditionalData: true,
    breakPadding: true,
  });
  const parts = mint().split('.');
  const tag = Buffer.from(parts[4] ?? '', 'base64url');
  tag[0] = (tag[0] as number) ^ 1;
  const tampered = [...parts.slice(0, 4), tag.toString('base64url')].join('.');
  const messages = [badPadding, tampered, mint()].map((token, index) => {
    try {
      decryptWalletCToken(token, [index === 2 ? keyOf(other) : keyOf(mine)]);
      return 'opened';
    } catch (error) {
      assert.ok(refusedWith('wrongMerchantKey')(error));
      return (error as Error).message;
    }
  });
  assert.equal(new Set(messages).size, 1, messages.join(' | '));
  // The unwrap itself answers a key of the expected size whatever the block held.
  assert.equal(unwrapPkcs1Key(mine, randomBytes(256), 16).length, 16);
  assert.equal(unwrapPkcs1Key(mine, randomBytes(13), 16).length, 16);
});

test('the kid picks the key; a token naming no known kid is tried with every key', () => {
  const token = mint();
  assert.equal(openWalletCToken(token, [keyOf(other), keyOf(mine)], NOW_MS).amountMinor, 1999);
  const unnamed = [{ kid: 'unknown', privateKey: mine }];
  assert.equal(openWalletCToken(token, unnamed, NOW_MS).amountMinor, 1999);
});

test('a stale or future credential is expired; other algorithms are unsupported; junk is malformed', () => {
  assert.throws(
    () => openWalletCToken(mint(NOW_MS - WALLET_C_MAX_AGE_MS - 1), [keyOf(mine)], NOW_MS),
    refusedWith('expired'),
  );
  assert.throws(
    () => openWalletCToken(mint(NOW_MS + 6 * 60_000), [keyOf(mine)], NOW_MS),
    refusedWith('expired'),
  );
  const [, ...rest] = mint().split('.');
  const oaep = Buffer.from(JSON.stringify({ alg: 'RSA-OAEP', enc: 'A128GCM' })).toString('base64url');
  assert.throws(
    () => openWalletCToken([oaep, ...rest].join('.'), [keyOf(mine)], NOW_MS),
    refusedWith('unsupportedVersion'),
  );
  for (const junk of ['not a token', 'a.b.c', '{"3DS":{}}', Buffer.from('a.b').toString('base64')])
    assert.throws(() => openWalletCToken(junk, [keyOf(mine)], NOW_MS), refusedWith('malformed'), junk);
});

test('the token as clients send it: bare JWE, the paymentCredential JSON, or Base64 of either', () => {
  const jwe = mint();
  const credential = JSON.stringify({ '3DS': { type: 'S', version: '100', data: jwe }, method: '3DS' });
  for (const form of [
    jwe,
    credential,
    Buffer.from(jwe).toString('base64'),
    Buffer.from(credential).toString('base64'),
  ])
    assert.equal(walletCJwe(form), jwe);
  assert.throws(
    () => walletCJwe(JSON.stringify({ '3DS': { version: '200', data: jwe } })),
    refusedWith('unsupportedVersion'),
  );
  assert.throws(
    () => walletCJwe(JSON.stringify({ '3DS': { type: 'G', version: '100', data: jwe } })),
    refusedWith('malformed'),
    'only network tokens (type S) are payments',
  );
});
