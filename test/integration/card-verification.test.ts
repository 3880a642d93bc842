import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';

const PAY = '/payment/rest/instantPayment.do';
const STATUS = '/payment/rest/getOrderStatusExtended.do';

for (const engine of ENGINES) {
  describe(`${engine}: instantPayment.do features=VERIFY (check the card, store it, pay nothing)`, () => {
    let gh: TestGatehouse;
    let auth: { userName: string; password: string };
    let plain: { userName: string; password: string };

    before(async () => {
      gh = await startTestGatehouse(engine);
      auth = (await gh.createMerchant({ permissions: ['storedCredentials'] })).auth;
      plain = (await gh.createMerchant()).auth;
    });
    after(() => gh.close());

    const verify = (
      credentials: { userName: string; password: string },
      extra: Record<string, string | number> = {},
    ) =>
      gh.post(PAY, {
        ...credentials,
        amount: 0,
        features: 'VERIFY',
        pan: '4111111111111111',
        expiry: '203412',
        cvc: '123',
        clientId: 'verified-client',
        orderNumber: `verify-${randomBytes(4).toString('hex')}`,
        returnUrl: 'https://shop.example/ok',
        ...extra,
      });

    test('an approved verification stores the card and leaves the order released (3) with nothing held', async () => {
      const answer = await verify(auth);
      assert.equal(answer.body.errorCode, '0', answer.text);
      const status = (await gh.post(STATUS, { ...auth, orderId: String(answer.body.orderId) })).body;
      assert.equal(status.orderStatus, 3);
      assert.equal(status.actionCode, 0);
      const amounts = status.paymentAmountInfo as Record<string, unknown>;
      assert.equal(amounts.approvedAmount, 0);
      assert.equal(amounts.depositedAmount, 0);
      const bindings = (
        await gh.post('/payment/rest/getBindings.do', { ...auth, clientId: 'verified-client' })
      ).body.bindings as { maskedPan: string }[];
      assert.equal(bindings.length, 1);
      assert.equal(bindings[0]?.maskedPan, '411111**1111');
      assert.deepEqual(
        (status.bindingInfo as Record<string, unknown>).clientId,
        'verified-client',
        'the order names the stored card',
      );
    });

    test('a declined verification (CVC 000) stores nothing', async () => {
      const answer = await verify(auth, { cvc: '000', clientId: 'declined-client' });
      assert.equal(answer.body.errorCode, '0');
      assert.equal((answer.body.orderStatus as Record<string, unknown>).OrderStatus, 6);
      const listed = await gh.post('/payment/rest/getBindings.do', { ...auth, clientId: 'declined-client' });
      assert.deepEqual(listed.body.bindings, []);
    });

    test('VERIFY needs amount 0, a clientId and the permission, and is never a payment', async () => {
      assert.match(String((await verify(auth, { amount: 100 })).body.error), /VERIFY/);
      assert.equal((await verify(auth, { clientId: '' })).body.errorCode, '5');
      assert.equal((await verify(auth, { bindingNotNeeded: 'true' })).body.errorCode, '5');
      const refused = await verify(plain);
      assert.equal(refused.body.errorCode, '5');
      assert.equal(refused.body.orderId, undefined);
    });
  });
}
