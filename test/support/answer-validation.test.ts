import { test } from 'node:test';
import assert from 'node:assert/strict';
import { answerProblems } from './answer-validation.js';

test('answers that differ from docs/openapi.json are caught; pages are not checked', () => {
  const PAY = '/payment/rest/instantPayment.do';
  assert.deepEqual(answerProblems(PAY, 200, { errorCode: '5', error: 'x', errorMessage: 'x' }), []);
  assert.notDeepEqual(answerProblems(PAY, 200, { errorCode: 5, error: 'x' }), [], 'errorCode is a string');
  assert.notDeepEqual(answerProblems(PAY, 200, { errorCode: '0', orderStatus: { OrderStatus: 'two' } }), []);
  assert.notDeepEqual(
    answerProblems('/payment/rest/register.do', 400, { errorCode: '5' }),
    [],
    'a refusal without its message',
  );
  assert.notDeepEqual(answerProblems('/payment/rest/register.do', 418, {}), [], 'an undocumented status');
  assert.deepEqual(
    answerProblems('/payment/wallet-a/payment.do', 200, { success: true, data: { orderId: 'x' } }),
    [],
  );
  assert.deepEqual(answerProblems('/acs/app/directory', 200, { anything: true }), []);
});
