import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { WalletSecret } from '../wallet-secret.js';
import { WalletTokenError, type WalletTokenErrorReason } from '../wallet-token-error.js';
import { readWalletAPayload } from './wallet-a-payment.js';

const good = {
  applicationPrimaryAccountNumber: '5353756319181169',
  applicationExpirationDate: '240930',
  currencyCode: '840',
  transactionAmount: 100,
  deviceManufacturerIdentifier: '050110030273',
  paymentDataType: '3DSecure',
  paymentData: { onlinePaymentCryptogram: 'AMwBRjPWDnAgAA7Rls7mAoABFA==' },
};

function read(payload: unknown) {
  return readWalletAPayload(Buffer.from(JSON.stringify(payload)), 'aa', 0);
}

function refused(reason: WalletTokenErrorReason, payload: unknown): void {
  assert.throws(
    () => read(payload),
    (error: unknown) => error instanceof WalletTokenError && error.reason === reason,
    JSON.stringify(payload),
  );
}

test('the payload is read with its expiry in both forms', () => {
  const payment = read(good);
  assert.equal(payment.expiryYYYYMM, '202409');
  assert.equal(payment.cardholderName, undefined);
  assert.equal(read({ ...good, cardholderName: 'A. Customer' }).cardholderName, 'A. Customer');
});

test('payloads outside the vendor format are refused', () => {
  refused('unsupportedVersion', { ...good, paymentDataType: 'EMV', paymentData: { emvData: 'AAAA' } });
  refused('malformed', { ...good, paymentDataType: 'other' });
  refused('malformed', { ...good, applicationPrimaryAccountNumber: '5353 7563' });
  refused('malformed', { ...good, applicationExpirationDate: '241330' });
  refused('malformed', { ...good, currencyCode: 840 });
  refused('malformed', { ...good, transactionAmount: 1.5 });
  refused('malformed', { ...good, transactionAmount: '100' });
  refused('malformed', { ...good, paymentData: {} });
  refused('malformed', { ...good, paymentData: { ...good.paymentData, eciIndicator: 5 } });
  refused('malformed', [good]);
  assert.throws(
    () => readWalletAPayload(Buffer.from('{'), 'aa', 0),
    (error: unknown) => error instanceof WalletTokenError && error.reason === 'malformed',
  );
});

test('a wallet secret never prints', () => {
  const secret = new WalletSecret('AMwBRjPWDnAgAA7Rls7mAoABFA==');
  for (const printed of [
    JSON.stringify({ secret }),
    String(secret),
    secret.toString(),
    inspect({ secret }),
  ]) {
    assert.ok(!printed.includes('AMwB'), printed);
  }
  assert.equal(secret.reveal(), 'AMwBRjPWDnAgAA7Rls7mAoABFA==');
});
