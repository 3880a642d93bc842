import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { apiReferenceMarkdown, documentedOperations, errorsMarkdown } from './reference-docs.js';

const doc = (name: string) => readFileSync(new URL(`../../../docs/${name}`, import.meta.url), 'utf8');

test('docs/errors.md and docs/api-reference.md match the code (run npm run gen:docs)', () => {
  assert.equal(doc('errors.md'), errorsMarkdown());
  assert.equal(doc('api-reference.md'), apiReferenceMarkdown());
});

test('every operation lives under {base_url} = /payment/rest and ends in .do', () => {
  const paths = documentedOperations().map((op) => op.path);
  assert.equal(new Set(paths).size, paths.length);
  for (const path of paths) assert.match(path, /^\/payment\/rest\/[A-Za-z0-9/]+\.do$/);
});
