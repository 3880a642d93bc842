import { test } from 'node:test';
import assert from 'node:assert/strict';
import { maskCardNumbersIn } from './pan.js';

test('card-number-shaped runs of digits are masked, shorter and longer runs are not', () => {
  assert.equal(maskCardNumbersIn('/pay/4111111111111111/x'), '/pay/411111**1111/x');
  assert.equal(maskCardNumbersIn('/a/4000000000009995b4242424242424242'), '/a/400000**9995b424242**4242');
  assert.equal(maskCardNumbersIn('/orders/123456789012'), '/orders/123456789012');
  assert.equal(maskCardNumbersIn('/n/12345678901234567890'), '/n/12345678901234567890');
  assert.equal(maskCardNumbersIn('/payment/rest/register.do'), '/payment/rest/register.do');
});
