import { test } from 'node:test';
import assert from 'node:assert/strict';
import { alternatives, arrayOf, enumOf, nullable, object, TEXT } from '../api/answers/answer-schema.js';
import { answerSerializer } from './answer-serializer.js';

const schema = object({
  errorCode: TEXT,
  amount: { type: 'number' },
  expiration: nullable(TEXT),
  items: arrayOf(object({ name: TEXT })),
});

test('a compiled answer is the text JSON.stringify writes, unlisted members included', () => {
  const serialize = answerSerializer(schema, true);
  const answers = [
    { errorCode: '0', amount: 12345, expiration: null, items: [{ name: 'a', extra: { deep: [1, 'x'] } }] },
    { errorCode: '0', amount: 1.5, items: [], unlisted: 'kept', alsoUnlisted: null },
    { errorCode: '0', amount: 1, expiration: undefined, nested: { a: 'é"\\\u2028</script>' } },
  ];
  for (const answer of answers) {
    assert.equal(serialize(answer), JSON.stringify(answer));
    assert.deepEqual(JSON.parse(answerSerializer(schema, false)(answer)), JSON.parse(JSON.stringify(answer)));
  }
});

test('the check refuses an answer the schema would change: coerced, emptied or reordered', () => {
  const serialize = answerSerializer(schema, true);
  // A number where the schema says text would be written as "5"; null as text would become "".
  assert.throws(() => serialize({ errorCode: 5 }), /disagrees with JSON.stringify/);
  assert.throws(() => serialize({ errorCode: null }), /disagrees with JSON.stringify/);
  // An unlisted member before listed ones is written after them: a different text.
  assert.throws(() => serialize({ unlisted: 1, errorCode: '0' }), /disagrees with JSON.stringify/);
  assert.throws(() => serialize({ amount: 1, errorCode: '0' }), /disagrees with JSON.stringify/);
});

test('required members and documentation keywords leave the written text as the view wrote it', () => {
  // fast-json-stringify writes required members first and throws on a missing one: neither reaches the wire.
  const documented = object(
    { errorCode: enumOf(['0'], 'success'), ip: TEXT, orderStatus: enumOf([0, 1, 2]) },
    { required: ['errorCode', 'orderStatus'], title: 'Status' },
  );
  const serialize = answerSerializer(documented, true);
  for (const answer of [
    { errorCode: '0', ip: '10.0.0.1', orderStatus: 2 },
    { errorCode: '0', orderStatus: 1 },
    { errorCode: '0' },
  ]) {
    assert.equal(serialize(answer), JSON.stringify(answer));
  }
});

test('alternatives are written in an order every one of them keeps', () => {
  const answer = alternatives([
    object({ errorCode: TEXT, info: TEXT, redirect: TEXT, orderStatus: TEXT }, { required: 'all' }),
    object(
      { errorCode: TEXT, info: TEXT, acsUrl: TEXT, paReq: TEXT, orderStatus: TEXT },
      { required: 'all' },
    ),
    object({ errorCode: TEXT, is3DSVer2: { type: 'boolean' }, acsUrl: TEXT, orderStatus: TEXT }),
  ]);
  const serialize = answerSerializer(answer, true);
  for (const written of [
    { errorCode: '0', info: 'paid', redirect: 'https://shop/ok', orderStatus: 's' },
    { errorCode: '0', info: 'go to the ACS', acsUrl: 'https://acs', paReq: 'x', orderStatus: 's' },
    { errorCode: '0', is3DSVer2: true, acsUrl: 'https://acs', orderStatus: 's' },
  ]) {
    assert.equal(serialize(written), JSON.stringify(written));
  }
  const contradicting = alternatives([object({ a: TEXT, b: TEXT }), object({ b: TEXT, a: TEXT })]);
  assert.throws(() => answerSerializer(contradicting, true), /different orders/);
  const retyped = alternatives([object({ a: TEXT }), object({ a: { type: 'integer' } })]);
  assert.throws(() => answerSerializer(retyped, true), /different types/);
});

test('stored data keeps its own order, and integers are written as JSON.stringify writes numbers', () => {
  const documented = object({
    count: { type: 'integer' },
    stored: object({ a: TEXT, b: TEXT }, { storedOrder: true }),
  });
  const serialize = answerSerializer(documented, true);
  for (const answer of [
    { count: 1.5, stored: { b: 'x', a: 'y' } },
    { count: 2, stored: { a: 'y', extra: [1] } },
  ]) {
    assert.equal(serialize(answer), JSON.stringify(answer));
  }
});
