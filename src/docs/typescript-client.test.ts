import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TypeWriter, type Schema } from './schema-types.js';
import { clientModuleSource, methodName, successSchema } from './typescript-client.js';

const place = { owner: 'Test', member: '' };

test('required members are mandatory, others optional; an exact answer schema gives an exact type', () => {
  const writer = new TypeWriter({});
  writer.declare(
    'Answer',
    {
      type: 'object',
      required: ['errorCode', 'orderStatus'],
      properties: {
        errorCode: { const: '0' },
        orderStatus: { type: 'integer', enum: [0, 1, 2] },
        cardholderName: { type: ['string', 'null'] },
      },
      additionalProperties: false,
    },
    'answer',
  );
  assert.deepEqual(writer.written(), [
    'export interface Answer {\nerrorCode: "0";\norderStatus: 0 | 1 | 2;\ncardholderName?: string | null;\n}',
  ]);
});

test('an object that admits unlisted members says so; one without members is a record', () => {
  const writer = new TypeWriter({});
  const open = writer.typeOf(
    { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: true },
    'answer',
    place,
  );
  assert.equal(open, '{\na?: string;\n[member: string]: unknown;\n}');
  assert.equal(writer.typeOf({ type: 'object' }, 'answer', place), 'Record<string, unknown>');
  assert.equal(
    writer.typeOf({ type: 'object', additionalProperties: { type: 'number' } }, 'answer', place),
    'Record<string, number>',
  );
  assert.equal(writer.typeOf({}, 'answer', place), 'unknown');
});

test('alternatives, references and arrays', () => {
  const writer = new TypeWriter({ Code: { type: 'string', enum: ['0', '5'] } });
  assert.equal(
    writer.typeOf({ anyOf: [{ type: 'integer' }, { type: 'string' }] }, 'request', place),
    'number | string',
  );
  assert.equal(writer.typeOf({ $ref: '#/components/schemas/Code' }, 'answer', place), 'Code');
  assert.deepEqual(writer.written(), ['export type Code = "0" | "5";']);
  assert.equal(
    writer.typeOf({ type: 'array', items: { enum: ['A', 'B'] } }, 'request', place),
    'readonly ("A" | "B")[]',
  );
  assert.equal(writer.typeOf({ type: 'array', items: { type: 'string' } }, 'answer', place), 'string[]');
  assert.throws(() => writer.typeOf({ $ref: '#/components/schemas/Missing' }, 'answer', place), /Missing/);
});

test('an enumeration outside its declared type adds to the type instead of emptying it', () => {
  const writer = new TypeWriter({});
  const flag = { type: 'boolean', enum: ['true', 'false'] };
  assert.equal(writer.typeOf(flag, 'request', place), '"true" | "false" | boolean');
  assert.equal(writer.typeOf({ anyOf: [flag, { type: 'string' }] }, 'request', place), 'boolean | string');
  assert.equal(writer.typeOf({ type: 'string', enum: ['C', 'R'] }, 'request', place), '"C" | "R"');
});

test('JSON text in a form parameter takes the object itself in a request, and is text in an answer', () => {
  const writer = new TypeWriter({});
  const schema: Schema = {
    type: 'string',
    contentMediaType: 'application/json',
    contentSchema: { type: 'object' },
  };
  assert.equal(writer.typeOf(schema, 'request', place), 'Record<string, unknown> | string');
  assert.equal(writer.typeOf(schema, 'answer', place), 'string');
});

test('a block met twice is one named declaration; a different block of the same name gets its owner', () => {
  const writer = new TypeWriter({});
  const card = { type: 'object', properties: { pan: { type: 'string', description: 'first' } } };
  const bindingCard = { type: 'object', properties: { bindingId: { type: 'string' } } };
  assert.equal(writer.typeOf(card, 'request', { owner: 'PerformParams', member: 'fromCard' }), 'FromCard');
  const described = { ...card, properties: { pan: { type: 'string', description: 'second' } } };
  assert.equal(
    writer.typeOf(described, 'request', { owner: 'VerifyParams', member: 'fromCard' }),
    'FromCard',
  );
  assert.equal(
    writer.typeOf(bindingCard, 'request', { owner: 'ByBindingParams', member: 'fromCard' }),
    'ByBindingParamsFromCard',
  );
  assert.equal(writer.written().length, 2);
});

test('method names: the address without its common prefixes, camel case, one per operation', () => {
  assert.equal(methodName('/payment/rest/register.do'), 'register');
  assert.equal(methodName('/payment/rest/dcc/calculate.do'), 'dccCalculate');
  assert.equal(methodName('/payment/rest/api/p2p/performP2P.do'), 'performP2P');
  assert.equal(methodName('/payment/wallet-a/payment.do'), 'walletAPayment');
  assert.equal(methodName('/payment/applepay/paymentDirect.do'), 'applepayPaymentDirect');
});

test('the success answer is the 200 schema without the refusal envelope of the error statuses', () => {
  const refusal = { $ref: '#/components/schemas/RestRefusal' };
  const json = (schema: Schema) => ({ content: { 'application/json': { schema } } });
  const success = { type: 'object', properties: { orderId: { type: 'string' } } };
  assert.deepEqual(
    successSchema({ responses: { '200': json({ anyOf: [success, refusal] }), '400': json(refusal) } }),
    success,
  );
  const other = { type: 'object', properties: { redirect: { type: 'string' } } };
  assert.deepEqual(
    successSchema({ responses: { '200': json({ anyOf: [success, other, refusal] }), '429': json(refusal) } }),
    { anyOf: [success, other] },
  );
});

test('the generated client has a method and a call description for every operation', () => {
  const source = clientModuleSource();
  for (const name of [
    'register',
    'refund',
    'getOrderStatus',
    'performP2P',
    'applepayPayment',
    'dccCalculate',
  ]) {
    assert.match(source, new RegExp(`\\n${name}\\(params: `), name);
  }
  assert.match(
    source,
    /performP2P: \{ path: "\/payment\/rest\/api\/p2p\/performP2P.do", [^}]*signed: true, login: "username"/,
  );
  assert.match(source, /applepayPayment: \{[^}]*login: undefined/);
  assert.match(source, /getOrderStatus: \{[^}]*envelope: "legacyStatus"/);
  assert.match(source, /export type ApplepayPaymentParams = WalletAPaymentParams;/);
});
