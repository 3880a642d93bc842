import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { OrderRepository } from '../../src/store/order-repository.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';

for (const engine of ENGINES) {
  describe(`${engine}: an authorization cut off by a crash is finished after a restart`, () => {
    let gh: TestGatehouse;
    let auth: { userName: string; password: string };

    before(async () => {
      gh = await startTestGatehouse(engine, { env: { GATEHOUSE_ACQUIRER_TIMEOUT_MS: '1000' } });
      auth = (await gh.createMerchant()).auth;
    });
    after(() => gh.close());

    /** What a process leaves behind when it stops during the acquirer call: the claim and the pending intent. */
    async function interruptedPayment(): Promise<{ orderId: string; attemptId: string }> {
      const registered = await gh.post('/payment/rest/register.do', {
        ...auth,
        orderNumber: `crash-${randomBytes(4).toString('hex')}`,
        amount: 1200,
        returnUrl: 'https://shop.example/ok',
      });
      const orderId = String(registered.body.orderId);
      const orders = new OrderRepository(gh.gatehouse.store.db);
      const order = await gh.gatehouse.store.db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      const attemptId = randomUUID();
      const nowMs = gh.clock.nowMs();
      await gh.gatehouse.store.writes.run(async (db) => {
        assert.ok(
          await orders.claimForPayment(db, {
            orderId,
            attemptId,
            paymentWay: 'CARD',
            maskedPan: '411111**1111',
            expiry: '203412',
            cardholderName: null,
            network: 'VISA',
            twoPhase: false,
            autoCompleteAtMs: null,
            autoReverseAtMs: null,
            secureAuth: null,
            tii: null,
            bindingId: null,
            nowMs,
          }),
        );
        await orders.insertOperation(db, {
          id: attemptId,
          order_id: orderId,
          merchant_id: order.merchant_id,
          kind: 'authorization',
          state: 'pending',
          amount_minor: 1200,
          currency: order.currency,
          action_code: -9000,
          rrn: null,
          approval_code: null,
          external_id: null,
          details: null,
          created_at_ms: nowMs,
          completed_at_ms: null,
        });
      });
      return { orderId, attemptId };
    }

    test('a fresh pending authorization is left alone; a stalled one is declined with the timeout code', async () => {
      const stalled = await interruptedPayment();
      await gh.gatehouse.jobs.runAll();
      const status = async (orderId: string) =>
        (await gh.post('/payment/rest/getOrderStatusExtended.do', { ...auth, orderId })).body;
      assert.equal((await status(stalled.orderId)).orderStatus, 0, 'still inside the acquirer deadline');

      gh.clock.advance(1000 + 60_000 + 1);
      const fresh = await interruptedPayment();
      await gh.gatehouse.jobs.runAll();
      const read = await status(stalled.orderId);
      assert.equal(read.orderStatus, 6);
      assert.equal(read.actionCode, 151019);
      const operation = await gh.gatehouse.store.db
        .selectFrom('order_operations')
        .select(['state', 'action_code'])
        .where('id', '=', stalled.attemptId)
        .executeTakeFirstOrThrow();
      assert.deepEqual(operation, { state: 'declined', action_code: 151019 });
      assert.equal((await status(fresh.orderId)).orderStatus, 0, 'the newer one waits its turn');
    });

    test('an order claimed by an attempt is never expired underneath it', async () => {
      const claimed = await interruptedPayment();
      gh.clock.advance(1_300_000);
      await gh.gatehouse.jobs.runAll();
      const order = await gh.gatehouse.store.db
        .selectFrom('orders')
        .select(['status', 'action_code'])
        .where('id', '=', claimed.orderId)
        .executeTakeFirstOrThrow();
      assert.deepEqual(order, { status: 6, action_code: 151019 }, 'recovered, not expired');
    });
  });
}
