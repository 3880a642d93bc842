import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { openApiText } from './api-document.js';

const ID = 'https://gatehouse.local/openapi.json';

let ajv: Ajv2020 | undefined;

/** The document as published: objects open, formats as prose, OpenAPI keywords as annotations. */
function validator(pointer: string): ValidateFunction {
  if (ajv === undefined) {
    ajv = new Ajv2020({ strict: false, validateFormats: false });
    ajv.addSchema({ ...(JSON.parse(openApiText()) as object), $id: ID });
  }
  return ajv.compile({ $ref: `${ID}#${pointer}` });
}

const escaped = (path: string) => path.replaceAll('~', '~0').replaceAll('/', '~1');
const answer = (path: string) =>
  validator(`/paths/${escaped(path)}/post/responses/200/content/application~1json/schema`);
const parameter = (path: string, name: string, type = 'application~1x-www-form-urlencoded') =>
  validator(`/paths/${escaped(path)}/post/requestBody/content/${type}/schema/properties/${name}`);

const REGISTER = '/payment/rest/register.do';

test('a success shape without its members is no answer: {"errorCode":"0"} is not what register.do says', () => {
  const valid = answer(REGISTER);
  assert.equal(valid({ errorCode: '0', errorMessage: 'Success' }), false);
  assert.equal(valid({ orderId: 'o-1', formUrl: 'https://pay.example/o-1' }), true);
  assert.equal(valid({ errorCode: '1', errorMessage: 'Order number already used' }), true);
  assert.equal(valid({ orderId: 'o-1' }), false, 'formUrl is required');
  assert.equal(valid({ errorCode: 1, errorMessage: 'x' }), false, 'errorCode is text');
});

test('success and refusal exclude each other, errorCode 0 being success only', () => {
  const deposit = answer('/payment/rest/deposit.do');
  assert.equal(deposit({ errorCode: '0', errorMessage: 'Success' }), true);
  assert.equal(deposit({ errorCode: '7', errorMessage: 'Not capturable' }), true);
  assert.equal(deposit({ errorCode: '0' }), false, 'a success has its message');
  const status = answer('/payment/rest/getOrderStatus.do');
  assert.equal(status({ ErrorCode: '0', ErrorMessage: 'Success' }), false, 'the order is missing');
  assert.equal(status({ ErrorCode: '6', ErrorMessage: 'Order not found' }), true);
  const wallet = answer('/payment/wallet-a/payment.do');
  assert.equal(wallet({ success: false, error: { code: '21', message: 'm', description: 'd' } }), true);
  assert.equal(wallet({ success: true, error: { code: '21', message: 'm', description: 'd' } }), false);
  // A pending credit is errorCode 7 with its order: a success shape, and not also a refusal.
  const refund = answer('/payment/rest/instantRefund.do');
  const pending = { errorCode: '7', errorMessage: 'Pending' };
  const order = {
    ...pending,
    ...{ ErrorCode: '0', ErrorMessage: 'Success', OrderStatus: 0, OrderNumber: '1', Amount: 100 },
    ...{ currency: '978', approvedAmount: 0, depositAmount: 0, authCode: 2 },
  };
  assert.equal(refund({ ...pending, orderId: 'o', orderStatus: order }), true);
  assert.equal(refund({ errorCode: '7', errorMessage: 'Not refundable' }), true);
});

test('integers are checked in their text form as the gateway checks them', () => {
  const amount = parameter(REGISTER, 'amount');
  for (const good of ['0', '1234', '999999999999', 1234]) assert.equal(amount(good), true, String(good));
  for (const bad of ['abc', '1234567890123456789', '', '12.5', '-1', 10 ** 18, -1]) {
    assert.equal(amount(bad), false, JSON.stringify(bad));
  }
  const month = parameter(
    '/payment/rest/api/p2p/performP2P.do',
    'fromCard/properties/expirationMonth',
    'application~1json',
  );
  for (const good of [1, 12, '7', '12']) assert.equal(month(good), true, String(good));
  for (const bad of [0, 13, '13', '0', 'abc']) assert.equal(month(bad), false, String(bad));
});
