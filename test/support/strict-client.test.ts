import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { REST_SUCCESS } from '../../src/api/answers/success-members.js';
import { defineOperation } from '../../src/api/operation.js';
import { param } from '../../src/api/params/param-table.js';
import { text } from '../../src/api/params/scalar-types.js';
import { ENGINES } from './engines.js';
import { startTestGatehouse, type TestGatehouse } from './gatehouse-harness.js';
import { assertRefusal } from './refusals.js';

/**
 * The test client is what every integration test trusts: an operation that throws (the refusal
 * replaced by an exception that once left the whole suite green) must fail the test calling it,
 * unless the test says it provokes the failure; and the failure's error line must be declared.
 */
const BROKEN = '/payment/test/broken.do';
const broken = defineOperation({
  path: BROKEN,
  encoding: 'form',
  envelope: 'rest',
  summary: 'test: throws, as a programming error would',
  params: [param('orderNumber', 'optional', text(1, 36))] as const,
  answer: REST_SUCCESS,
  handle() {
    return Promise.reject(new Error('deliberately broken operation'));
  },
});

// One engine is enough: this is about the client and the pipeline's fallback, not the store.
const engine = ENGINES[0];
if (engine !== undefined) {
  describe(`${engine}: the strict test client`, () => {
    let gh: TestGatehouse;
    let auth: { userName: string; password: string };

    before(async () => {
      gh = await startTestGatehouse(engine, { extraOperations: [broken] });
      auth = (await gh.createMerchant()).auth;
      gh.expectErrorLog(
        /^operation failed \| Error: deliberately broken operation$/,
        'the strict-client test calls an operation that throws',
      );
    });
    after(() => gh.close());

    test('a 5xx throws with the status, the path and the body unless the test opts in', async () => {
      await assert.rejects(gh.post(BROKEN, { ...auth }), (error: Error) => {
        assert.match(error.message, /POST \/payment\/test\/broken\.do answered HTTP 500/);
        assert.match(error.message, /"errorCode":"7"/);
        return true;
      });
      const allowed = await gh.post(BROKEN, { ...auth }, { allowServerError: true });
      assertRefusal(allowed, { errorCode: '7', key: 'SYSTEM_ERROR' });
    });

    test('a refusal with code 7 that is not the system error passes the client', async () => {
      const registered = await gh.post('/payment/rest/register.do', {
        ...auth,
        orderNumber: `strict-${Date.now()}`,
        amount: 100,
        returnUrl: 'https://shop.example/ok',
      });
      const orderId = String(registered.body.orderId);
      const response = await gh.post('/payment/rest/deposit.do', { ...auth, orderId, amount: 0 });
      assertRefusal(response, { errorCode: '7', key: 'ORDER_NOT_CAPTURABLE' });
    });
  });
}
