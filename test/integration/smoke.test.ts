import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';

for (const engine of ENGINES) {
  void describe(`${engine}: register.do then getOrderStatusExtended.do`, () => {
    let gh: TestGatehouse;
    before(async () => {
      gh = await startTestGatehouse(engine);
    });
    after(() => gh.close());

    test('an order registered is read back by orderId and by orderNumber', async () => {
      const { auth } = await gh.createMerchant();
      const registered = await gh.post('/payment/rest/register.do', {
        ...auth,
        orderNumber: 'smoke-1',
        amount: 1000,
        returnUrl: 'https://shop.example/ok',
      });
      assert.equal(registered.status, 200);
      assert.match(String(registered.body.orderId), /^[0-9a-f-]{36}$/);
      const byId = await gh.post('/payment/rest/getOrderStatusExtended.do', {
        ...auth,
        orderId: String(registered.body.orderId),
      });
      const byNumber = await gh.post('/payment/rest/getOrderStatusExtended.do', {
        ...auth,
        orderNumber: 'smoke-1',
      });
      assert.equal(byId.body.orderStatus, 0);
      assert.equal(byId.body.amount, 1000);
      assert.deepEqual(byNumber.body, byId.body);
    });
  });
}
