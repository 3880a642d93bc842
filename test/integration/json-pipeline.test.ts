import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { object, TEXT } from '../../src/api/answers/answer-schema.js';
import { defineOperation } from '../../src/api/operation.js';
import { param } from '../../src/api/params/param-table.js';
import { text } from '../../src/api/params/scalar-types.js';
import { BLOCKS } from '../../src/api/params/shared-blocks.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';

/**
 * A JSON operation with the wallets' envelope, served through the same pipeline as the REST
 * operations: what the wallet and P2P operations build on.
 */
const echo = defineOperation({
  path: '/payment/test/echo.do',
  encoding: 'json',
  envelope: 'wallet',
  summary: 'test: echoes its orderNumber',
  params: [
    param('orderNumber', 'mandatory', text(1, 36)),
    param('orderBundle', 'optional', BLOCKS.orderBundle),
    param('language', 'optional', text(2, 2)),
  ] as const,
  answer: object({ success: { type: 'boolean' }, data: object({ orderNumber: TEXT }) }, { required: 'all' }),
  handle(params) {
    return Promise.resolve({ success: true, data: { orderNumber: params.orderNumber } });
  },
});

const PATH = '/payment/test/echo.do';

function walletError(body: Record<string, unknown>): { code: string; message: string; description: string } {
  assert.equal(body.success, false, JSON.stringify(body));
  const error = body.error as { code: string; message: string; description: string };
  assert.match(error.code, /^\d{1,3}$/);
  assert.ok(error.message.length > 0);
  assert.ok(error.description.length > 0 && error.description.length <= 598);
  assert.equal(Object.keys(body).sort().join(), 'error,success');
  return error;
}

for (const engine of ENGINES) {
  describe(`${engine}: the request pipeline's JSON path and the wallet envelope`, () => {
    let gh: TestGatehouse;
    let auth: { userName: string; password: string };

    before(async () => {
      gh = await startTestGatehouse(engine, {
        extraOperations: [echo],
        env: { GATEHOUSE_BODY_LIMIT_BYTES: '4096' },
      });
      auth = (await gh.createMerchant()).auth;
    });
    after(() => gh.close());

    const postJson = (body: unknown, contentType = 'application/json') =>
      gh.post(PATH, {}, { rawBody: typeof body === 'string' ? body : JSON.stringify(body), contentType });

    test('a JSON body authenticates with userName or the P2P spelling username, and answers the operation', async () => {
      const ok = await postJson({ ...auth, orderNumber: 'A-1' });
      assert.deepEqual(ok.body, { success: true, data: { orderNumber: 'A-1' } });
      const lower = await postJson({ username: auth.userName, password: auth.password, orderNumber: 'A-2' });
      assert.equal(lower.body.success, true);
    });

    test('refusals take the wallet envelope, localized, with a technical description', async () => {
      const missing = walletError((await postJson({ ...auth, language: 'de' })).body);
      assert.equal(missing.code, '4');
      assert.match(missing.message, /orderNumber/);
      assert.match(missing.description, /^PARAM_MISSING: Mandatory parameter \[orderNumber\]/);
      const denied = walletError(
        (await postJson({ userName: auth.userName, password: 'wrong', orderNumber: 'x' })).body,
      );
      assert.equal(denied.code, '5');
    });

    test('unreadable requests get the wallet envelope too: content type, malformed JSON, oversize, method', async () => {
      const form = await postJson(`userName=${auth.userName}`, 'application/x-www-form-urlencoded');
      assert.equal(form.status, 400);
      walletError(form.body);
      const malformed = await postJson('{"orderNumber": ');
      assert.equal(malformed.status, 400);
      walletError(malformed.body);
      const array = await postJson('[1,2]');
      walletError(array.body);
      const oversize = await postJson({ ...auth, orderNumber: 'x', pad: 'y'.repeat(5000) });
      assert.equal(oversize.status, 400);
      assert.match(walletError(oversize.body).description, /BODY_TOO_LARGE/);
      const get = await gh.post(PATH, {}, { method: 'GET' });
      assert.equal(get.status, 400);
      walletError(get.body);
    });

    test('control characters and deep nesting in a JSON body are refused by name', async () => {
      const nul = walletError((await postJson({ ...auth, orderNumber: 'a\u0000b' })).body);
      assert.equal(nul.code, '5');
      assert.match(nul.message, /\[orderNumber\]/);
      const deep = `{"userName":"${auth.userName}","password":"${auth.password}","orderNumber":"x","x":${'['.repeat(1000)}${']'.repeat(1000)}}`;
      const refused = walletError((await postJson(deep)).body);
      assert.match(refused.message, /\[x.*32/);
      const inBundle = walletError(
        (
          await postJson({
            ...auth,
            orderNumber: 'x',
            orderBundle: { cartItems: { items: [] }, k: '\u0001' },
          })
        ).body,
      );
      assert.match(inBundle.message, /\[orderBundle\.k\]/);
    });
  });
}
