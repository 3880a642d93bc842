import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LANGUAGES } from './languages.js';
import { CATALOGUES } from './catalogues.js';
import { MESSAGES_EN, type MessageKey } from './messages-en.js';
import { translate } from './translate.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test('every language of the spec has every message with the same placeholders', () => {
  const keys = Object.keys(MESSAGES_EN) as MessageKey[];
  assert.equal(Object.keys(CATALOGUES).length, LANGUAGES.length);
  for (const language of LANGUAGES) {
    const catalogue = CATALOGUES[language];
    assert.deepEqual(Object.keys(catalogue).sort(), [...keys].sort(), language);
    for (const key of keys) {
      assert.ok(catalogue[key].trim().length > 0, `${language} ${key} is empty`);
      assert.deepEqual(placeholders(catalogue[key]), placeholders(MESSAGES_EN[key]), `${language} ${key}`);
    }
  }
});

test('languages other than English are translated, not copied', () => {
  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    assert.notEqual(CATALOGUES[language]['order.notFound'], MESSAGES_EN['order.notFound'], language);
  }
});

test('a nested reason renders in the same language', () => {
  const vars = { param: 'amount', reason: 'reason.tooLong', max: 12 };
  assert.equal(
    translate('en', { key: 'param.invalid', vars }),
    'Invalid value of parameter [amount]: expected at most 12 characters',
  );
  const german = translate('de', { key: 'param.invalid', vars });
  assert.match(german, /\[amount\]/);
  assert.match(german, /12/);
  assert.ok(!german.includes('{'), german);
  assert.ok(!german.includes('reason.'), german);
});
