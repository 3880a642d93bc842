import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { MESSAGES_EN } from '../i18n/messages-en.js';
import { REFUSALS } from './refusals.js';

test('every refusal has a message and a row in docs/errors.md, and codes are one or two digits', () => {
  const doc = readFileSync(new URL('../../../docs/errors.md', import.meta.url), 'utf8');
  for (const [key, refusal] of Object.entries(REFUSALS)) {
    assert.ok(refusal.message in MESSAGES_EN, key);
    assert.match(refusal.errorCode, /^\d{1,2}$/, key);
    assert.ok(
      [200, 400, 404, 429, 500, 502].includes(refusal.httpStatus),
      `${key}: status outside the spec's table`,
    );
    assert.ok(doc.includes(`| ${key} |`), `docs/errors.md has no row for ${key}`);
  }
});
