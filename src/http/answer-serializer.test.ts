import { test } from 'node:test';
import assert from 'node:assert/strict';
import { arrayOf, NUMBER, object, TEXT, TEXT_OR_NULL } from '../api/answers/answer-schema.js';
import { answerSerializer } from './answer-serializer.js';

const schema = object({
  errorCode: TEXT,
  amount: NUMBER,
  expiration: TEXT_OR_NULL,
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
