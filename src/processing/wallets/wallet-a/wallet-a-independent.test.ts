import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  createIndependentWalletA,
  type IndependentWalletA,
} from '../../../../test/support/wallet-a-independent.js';
import { WalletTokenError } from '../wallet-token-error.js';
import { openWalletAToken } from './open-wallet-a-token.js';

/**
 * Tokens from the independent maker (openssl certificates and CMS, written from protocols.md
 * without this module's code) must open: the decryptor and the sandbox minter cannot share a
 * private mistake. openssl stamps the real time, so the real clock is the injected clock here.
 */
const skip = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return false;
  } catch {
    return 'openssl is not installed';
  }
})();

let world: IndependentWalletA | undefined;
function independent(): IndependentWalletA {
  world ??= createIndependentWalletA();
  return world;
}
after(() => world?.dispose());

const payment = {
  pan: '4761120010000492',
  expiryYYMMDD: '311130',
  amount: 4242,
  currencyCode: '978',
  cryptogram: 'AgAAAAAABk4DWZ4C28yUQAAAAAA=',
};

test('an independently made token opens to the payment it holds', { skip }, () => {
  const w = independent();
  const token = w.mint({ ...payment, eci: '7' });
  const opened = openWalletAToken(
    token.paymentToken,
    [{ privateKey: w.merchantPrivateKey, certificate: w.merchantCertificate }],
    { roots: [w.rootCertificate] },
    Date.now(),
  );
  assert.equal(opened.applicationPrimaryAccountNumber.reveal(), payment.pan);
  assert.equal(opened.expiryYYYYMM, '203111');
  assert.equal(opened.transactionAmount, 4242);
  assert.equal(opened.currencyCode, '978');
  assert.equal(opened.paymentData.onlinePaymentCryptogram.reveal(), payment.cryptogram);
  assert.equal(opened.eci, '07');
  assert.equal(opened.transactionId, token.transactionId);
});

test('an independent token with applicationData opens, and is refused under another root', { skip }, () => {
  const w = independent();
  const applicationDataHex = createHash('sha256').update('order-42').digest('hex');
  const token = w.mint(payment, { applicationDataHex });
  const keys = [{ privateKey: w.merchantPrivateKey, certificate: w.merchantCertificate }];
  const opened = openWalletAToken(token.paymentToken, keys, { roots: [w.rootCertificate] }, Date.now());
  assert.equal(opened.eci, undefined);
  assert.throws(
    () => openWalletAToken(token.paymentToken, keys, { roots: [w.merchantCertificate] }, Date.now()),
    (error: unknown) => error instanceof WalletTokenError && error.reason === 'untrustedChain',
  );
});
