import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  apiOperations,
  apiReferenceMarkdown,
  documentedOperations,
  errorsMarkdown,
} from './reference-docs.js';
import { openApiText } from './api-document.js';
import { CLIENT_MODULE, clientModuleText } from './typescript-client.js';

const doc = (name: string) => readFileSync(new URL(`../../../docs/${name}`, import.meta.url), 'utf8');

test('docs/errors.md and docs/api-reference.md match the code (run npm run gen:docs)', () => {
  assert.equal(doc('errors.md'), errorsMarkdown());
  assert.equal(doc('api-reference.md'), apiReferenceMarkdown());
});

test('the typed client module matches the document (run npm run gen:docs)', async () => {
  assert.equal(readFileSync(CLIENT_MODULE, 'utf8'), await clientModuleText());
});

test('every operation lives under {base_url} = /payment/rest and ends in .do', () => {
  const paths = documentedOperations().map((op) => op.path);
  assert.equal(new Set(paths).size, paths.length);
  for (const path of paths) assert.match(path, /^\/payment\/rest\/[A-Za-z0-9/]+\.do$/);
});

test('docs/openapi.json matches the code and is a valid OpenAPI 3.1 document', async () => {
  const text = openApiText();
  assert.equal(doc('openapi.json'), text, 'run npm run gen:docs');
  const { Validator } = await import('@seriousme/openapi-schema-validator');
  const validator = new Validator();
  const result = await validator.validate(text);
  assert.equal(validator.version, '3.1');
  assert.deepEqual(result.errors ?? [], []);
  assert.equal(result.valid, true);
});

test('the OpenAPI document has every operation of both spec documents, with their tables', () => {
  const document = JSON.parse(openApiText()) as {
    paths: Record<string, { post: Record<string, unknown> }>;
  };
  assert.deepEqual(
    Object.keys(document.paths).sort(),
    [...apiOperations().map((op) => op.path), '/payment/acsRedirect.do'].sort(),
  );
  const register = document.paths['/payment/rest/register.do']?.post as {
    requestBody: {
      content: Record<string, { schema: { required: string[]; properties: Record<string, unknown> } }>;
    };
  };
  const form = register.requestBody.content['application/x-www-form-urlencoded']?.schema;
  assert.ok(form?.required.includes('amount') && form.required.includes('returnUrl'));
  assert.ok('userName' in (form?.properties ?? {}), 'AUTH is in every table');
  const perform = document.paths['/payment/rest/api/p2p/performP2P.do']?.post;
  assert.deepEqual(perform?.security, [{ XHash: [], XSignature: [] }]);
  assert.ok('application/json' in ((perform?.requestBody as { content: object }).content ?? {}));
  assert.ok(document.paths['/payment/samsung/payment.do'] !== undefined, 'the wallet aliases too');
});
