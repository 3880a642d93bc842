import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';

// Two Gatehouse nodes on one PostgreSQL: the deployment that scales out.
for (const engine of ENGINES.filter((name) => name === 'postgres')) {
  describe(`${engine}: two nodes run the jobs at the same time`, () => {
    let first: TestGatehouse;
    let second: TestGatehouse;

    before(async () => {
      first = await startTestGatehouse(engine);
      second = await startTestGatehouse(engine, { sameDatabaseAs: first });
    });
    after(async () => {
      await second.close();
      await first.close();
    });

    test('40 expiring orders are declined once each, with one declinedByTimeout callback each', async () => {
      const { auth } = await first.createMerchant({
        callbackUrl: 'http://127.0.0.1:9/cb',
        rateLimitPerSecond: 10_000,
      });
      const ids: string[] = [];
      for (let i = 0; i < 40; i += 1) {
        const response = await first.post('/payment/rest/register.do', {
          ...auth,
          orderNumber: `two-${i}-${randomBytes(3).toString('hex')}`,
          amount: 100,
          returnUrl: 'https://shop.example/ok',
          sessionTimeoutSecs: 60,
        });
        ids.push(String(response.body.orderId));
      }
      first.clock.advance(61_000);
      second.clock.advance(61_000);
      await Promise.all([
        first.gatehouse.jobs.runAll(),
        second.gatehouse.jobs.runAll(),
        first.gatehouse.jobs.runAll(),
      ]);
      const db = first.gatehouse.store.db;
      const orders = await db
        .selectFrom('orders')
        .select(['status', 'action_code'])
        .where('id', 'in', ids)
        .execute();
      assert.equal(orders.length, 40);
      assert.ok(orders.every((order) => order.status === 6 && order.action_code === -2007));
      const callbacks = await db
        .selectFrom('callbacks')
        .select(['order_id'])
        .where('order_id', 'in', ids)
        .where('operation', '=', 'declinedByTimeout')
        .execute();
      assert.equal(callbacks.length, 40);
      assert.equal(new Set(callbacks.map((row) => row.order_id)).size, 40);
    });

    test('a hold due for automatic completion is captured once when both nodes run', async () => {
      const { auth } = await first.createMerchant({
        permissions: ['preAuth', 'autoCompletion'],
        rateLimitPerSecond: 10_000,
      });
      const at = new Date(first.clock.nowMs() + 60_000).toISOString().slice(0, 19);
      const response = await first.post('/payment/rest/instantPayment.do', {
        ...auth,
        amount: 700,
        pan: '4111111111111111',
        expiry: '203412',
        returnUrl: 'https://shop.example/ok',
        preAuth: true,
        autocompletionDate: at,
      });
      const orderId = String(response.body.orderId);
      first.clock.advance(61_000);
      second.clock.advance(61_000);
      await Promise.all([first.gatehouse.jobs.runAll(), second.gatehouse.jobs.runAll()]);
      const db = first.gatehouse.store.db;
      const captures = await db
        .selectFrom('order_operations')
        .select(['state'])
        .where('order_id', '=', orderId)
        .where('kind', '=', 'capture')
        .execute();
      assert.deepEqual(captures, [{ state: 'approved' }]);
      const order = await db
        .selectFrom('orders')
        .select(['status', 'deposited_minor'])
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      assert.deepEqual(order, { status: 2, deposited_minor: 700 });
    });
  });
}
