import { test } from 'node:test';
import assert from 'node:assert/strict';
import { answerProblems, closedSchema } from './answer-validation.js';

const PAY = '/payment/rest/instantPayment.do';
const WALLET = '/payment/wallet-a/payment.do';

const walletPaid = {
  success: true,
  data: { orderId: 'x' },
  orderStatus: {
    errorCode: '0',
    errorMessage: 'Success',
    orderNumber: '1',
    orderStatus: 2,
    actionCode: '0',
    amount: 100,
    currency: '978',
    date: 1,
    merchantOrderParams: [],
    attributes: [{ name: 'mdOrder', value: 'x' }],
    cardAuthInfo: { pan: '411111**1111', detokenizedPanRepresentation: '411111**1111' },
    paymentAmountInfo: {
      paymentState: 'DEPOSITED',
      approvedAmount: 100,
      depositedAmount: 100,
      refundedAmount: 0,
      totalAmount: 100,
    },
    bankInfo: { bankCountryName: 'Unknown' },
    payerData: {},
  },
};

test('answers that differ from docs/openapi.json are caught; pages are not checked', () => {
  assert.deepEqual(answerProblems(PAY, 200, { errorCode: '5', error: 'x', errorMessage: 'x' }), []);
  assert.notDeepEqual(answerProblems(PAY, 200, { errorCode: 5, error: 'x' }), [], 'errorCode is a string');
  assert.notDeepEqual(answerProblems(PAY, 200, { errorCode: '0', orderStatus: { OrderStatus: 'two' } }), []);
  assert.notDeepEqual(
    answerProblems('/payment/rest/register.do', 400, { errorCode: '5' }),
    [],
    'a refusal without its message',
  );
  assert.notDeepEqual(answerProblems('/payment/rest/register.do', 418, {}), [], 'an undocumented status');
  assert.deepEqual(answerProblems(WALLET, 200, walletPaid), []);
  assert.deepEqual(answerProblems('/acs/app/directory', 200, { anything: true }), []);
});

test('a member the document does not list fails, named with its path', () => {
  const register = '/payment/rest/register.do';
  assert.deepEqual(answerProblems(register, 200, { orderId: 'o', formUrl: 'https://pay/o' }), []);
  assert.deepEqual(answerProblems(register, 200, { orderId: 'o', formUrl: 'https://pay/o', extra: 1 }), [
    '/ has a member the document does not list: extra (closest documented shape: the success answer)',
  ]);
  const nested = { ...walletPaid, orderStatus: { ...walletPaid.orderStatus, bankInfo: { bankName: 'B' } } };
  assert.deepEqual(answerProblems(WALLET, 200, nested), [
    '/orderStatus/bankInfo lacks the member bankCountryName (closest documented shape: Processed: paid or declined)',
    '/orderStatus/bankInfo has a member the document does not list: bankName (closest documented shape: Processed: paid or declined)',
  ]);
  const refusal = { errorCode: '5', errorMessage: 'x', hint: 'y' };
  assert.deepEqual(answerProblems(register, 400, refusal), [
    '/ has a member the document does not list: hint (closest documented shape: RestRefusal)',
  ]);
});

test('closing leaves maps open, and an object beside alternatives admits what their subschemas list', () => {
  const map = { type: 'object', additionalProperties: { type: 'string' } };
  assert.deepEqual(closedSchema(map), map);
  assert.deepEqual(closedSchema({ type: 'object', properties: { a: {} }, additionalProperties: true }), {
    type: 'object',
    properties: { a: {} },
    additionalProperties: false,
  });
  assert.deepEqual(closedSchema({ properties: { a: {} }, anyOf: [{ properties: { b: {} } }] }), {
    properties: { a: {} },
    anyOf: [{ properties: { b: {} } }],
    unevaluatedProperties: false,
  });
  assert.deepEqual(closedSchema({ anyOf: [{ properties: { a: {} } }, { properties: { b: {} } }] }), {
    anyOf: [
      { properties: { a: {} }, additionalProperties: false },
      { properties: { b: {} }, additionalProperties: false },
    ],
  });
});
