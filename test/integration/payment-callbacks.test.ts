import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { hmacChecksum } from '../../src/domain/callback-checksum.js';
import { listenForCallbacks } from '../support/callback-listener.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';

const REST = '/payment/rest';
const KEY = 'payment-callback-key';

for (const engine of ENGINES) {
  describe(`${engine}: payments send signed callbacks`, () => {
    let gh: TestGatehouse;
    let auth: { userName: string; password: string };
    let endpoint: Awaited<ReturnType<typeof listenForCallbacks>>;

    before(async () => {
      endpoint = await listenForCallbacks();
      gh = await startTestGatehouse(engine);
      auth = (
        await gh.createMerchant({ permissions: ['preAuth'], callbackUrl: endpoint.url, callbackKey: KEY })
      ).auth;
    });
    after(async () => {
      await gh.close();
      await new Promise((resolve) => endpoint.server.close(resolve));
    });

    const call = (op: string, params: Record<string, string | number | boolean>) =>
      gh.post(`${REST}/${op}`, { ...auth, ...params });
    const pay = async (preAuth: boolean) => {
      const response = await call('instantPayment.do', {
        amount: 2000,
        pan: '4111111111111111',
        expiry: '203412',
        returnUrl: 'https://shop.example/ok',
        orderNumber: `cb-${randomBytes(4).toString('hex')}`,
        preAuth,
      });
      return { orderId: String(response.body.orderId), orderNumber: String(response.body.orderNumber) };
    };
    async function deliveredFor(orderId: string): Promise<Record<string, string>[]> {
      await gh.gatehouse.jobs.runAll();
      return endpoint.received.filter((params) => params.mdOrder === orderId);
    }
    function assertSigned(params: Record<string, string>): void {
      const { checksum, ...rest } = params;
      assert.equal(checksum, hmacChecksum(rest, KEY));
    }

    test('a one-phase payment, then refunds: deposited, refunded, each signed', async () => {
      const { orderId, orderNumber } = await pay(false);
      await call('refund.do', { orderId, amount: 500 });
      const received = await deliveredFor(orderId);
      assert.deepEqual(
        received.map((params) => [params.operation, params.status, params.orderNumber]),
        [
          ['deposited', '1', orderNumber],
          ['refunded', '1', orderNumber],
        ],
      );
      received.forEach(assertSigned);
      assert.equal(received[1]?.amount, '500');
    });

    test('a hold, its capture and a reversal of another hold: approved, deposited, reversed', async () => {
      const held = await pay(true);
      await call('deposit.do', { orderId: held.orderId, amount: 0 });
      assert.deepEqual(
        (await deliveredFor(held.orderId)).map((params) => params.operation),
        ['approved', 'deposited'],
      );
      const reversed = await pay(true);
      await call('reverse.do', { orderId: reversed.orderId });
      const received = await deliveredFor(reversed.orderId);
      assert.deepEqual(
        received.map((params) => params.operation),
        ['approved', 'reversed'],
      );
      received.forEach(assertSigned);
    });

    test('an order that expires unpaid sends declinedByTimeout once, whether read or swept first', async () => {
      const register = (n: string) =>
        call('register.do', {
          orderNumber: `to-${n}-${randomBytes(3).toString('hex')}`,
          amount: 100,
          returnUrl: 'https://shop.example/ok',
          sessionTimeoutSecs: 60,
        });
      const readFirst = String((await register('read')).body.orderId);
      const sweptFirst = String((await register('sweep')).body.orderId);
      gh.clock.advance(61_000);
      assert.equal((await call('getOrderStatusExtended.do', { orderId: readFirst })).body.orderStatus, 6);
      await gh.gatehouse.jobs.runAll();
      await call('getOrderStatusExtended.do', { orderId: sweptFirst });
      for (const orderId of [readFirst, sweptFirst]) {
        const received = await deliveredFor(orderId);
        assert.deepEqual(
          received.map((params) => [params.operation, params.status]),
          [['declinedByTimeout', '0']],
        );
        received.forEach(assertSigned);
      }
    });

    test('a declined payment sends no payment callback', async () => {
      const response = await call('instantPayment.do', {
        amount: 2000,
        pan: '4000000000009995',
        expiry: '203412',
        returnUrl: 'https://shop.example/ok',
      });
      assert.deepEqual(await deliveredFor(String(response.body.orderId)), []);
    });
  });
}
