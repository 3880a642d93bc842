import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';
import { assertRefusal } from '../support/refusals.js';

const REST = '/payment/rest';

for (const engine of ENGINES) {
  describe(`${engine}: deposit, reverse, refund, decline`, () => {
    let gh: TestGatehouse;
    let auth: { userName: string; password: string };
    let partialAuth: { userName: string; password: string };

    before(async () => {
      gh = await startTestGatehouse(engine);
      const limits = { rateLimitPerSecond: 100_000, concurrentLimit: 10_000 };
      auth = (await gh.createMerchant({ permissions: ['preAuth'], ...limits })).auth;
      partialAuth = (await gh.createMerchant({ permissions: ['preAuth', 'partialReversal'], ...limits }))
        .auth;
    });
    after(() => gh.close());

    async function paid(amount: number, preAuth: boolean, who = auth): Promise<string> {
      const response = await gh.post(`${REST}/instantPayment.do`, {
        ...who,
        amount,
        pan: '4111111111111111',
        expiry: '203412',
        returnUrl: 'https://shop.example/ok',
        orderNumber: `lc-${randomBytes(5).toString('hex')}`,
        preAuth,
      });
      assert.equal(response.body.errorCode, '0', response.text);
      return String(response.body.orderId);
    }
    const call = (op: string, params: Record<string, string | number>, who = auth) =>
      gh.post(`${REST}/${op}`, { ...who, ...params });
    const status = async (orderId: string, who = auth) =>
      (await call('getOrderStatusExtended.do', { orderId }, who)).body;
    const amounts = async (orderId: string, who = auth): Promise<Record<string, unknown>> => {
      const read = await status(orderId, who);
      return { status: read.orderStatus, ...(read.paymentAmountInfo as Record<string, unknown>) };
    };

    /** The invariants of issue 3: operation rows sum to the order's amounts, captured ≤ approved, refunded ≤ captured. */
    async function assertInvariants(orderId: string): Promise<void> {
      const db = gh.gatehouse.store.db;
      const order = await db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      const ops = await db
        .selectFrom('order_operations')
        .selectAll()
        .where('order_id', '=', orderId)
        .execute();
      const sum = (kind: string) =>
        ops
          .filter((op) => op.kind === kind && op.state === 'approved')
          .reduce((s, op) => s + op.amount_minor, 0);
      assert.equal(
        ops.filter((op) => op.kind === 'authorization' && op.state === 'approved').length,
        1,
        'one successful payment',
      );
      assert.equal(order.refunded_minor, sum('refund'));
      assert.ok(order.deposited_minor <= sum('authorization'));
      assert.ok(order.refunded_minor <= order.deposited_minor);
      assert.ok(
        ops.every((op) => op.state !== 'pending'),
        'no operation left pending',
      );
    }

    test('deposit.do captures a hold fully with amount 0, once', async () => {
      const orderId = await paid(1500, true);
      assert.deepEqual((await call('deposit.do', { orderId, amount: 0 })).body, {
        errorCode: '0',
        errorMessage: 'Success',
      });
      assert.deepEqual(await amounts(orderId), {
        status: 2,
        paymentState: 'DEPOSITED',
        approvedAmount: 1500,
        depositedAmount: 1500,
        refundedAmount: 0,
        totalAmount: 1500,
      });
      assert.equal((await call('deposit.do', { orderId, amount: 0 })).body.errorCode, '7');
      assert.equal(typeof (await status(orderId)).depositedDate, 'number');
      await assertInvariants(orderId);
    });

    test('what a movement carries (depositItems, jsonParams) is stored with its operation', async () => {
      const orderId = await paid(1500, true);
      const depositItems = {
        items: [{ positionId: 1, name: 'Tea', quantity: { value: 1, measure: 'pcs' }, itemAmount: 1500 }],
      };
      const response = await call('deposit.do', {
        orderId,
        amount: 0,
        depositItems: JSON.stringify(depositItems),
        jsonParams: '{"shift":"7"}',
      });
      assert.equal(response.body.errorCode, '0');
      const capture = await gh.gatehouse.store.db
        .selectFrom('order_operations')
        .select('details')
        .where('order_id', '=', orderId)
        .where('kind', '=', 'capture')
        .executeTakeFirstOrThrow();
      assert.deepEqual(JSON.parse(capture.details ?? 'null'), { depositItems, jsonParams: { shift: '7' } });
      const bad = await paid(1500, true);
      assert.equal(
        (await call('deposit.do', { orderId: bad, amount: 0, depositItems: '{"items":[]}' })).body.errorCode,
        '4',
      );
    });

    test('deposit.do captures part of a hold; more than approved is refused', async () => {
      const orderId = await paid(1500, true);
      assert.equal((await call('deposit.do', { orderId, amount: 1501 })).body.errorCode, '5');
      assert.equal((await call('deposit.do', { orderId, amount: 600 })).body.errorCode, '0');
      assert.equal((await amounts(orderId)).depositedAmount, 600);
      // Captured once: the order's state refuses a second capture, not an exception.
      assertRefusal(await call('deposit.do', { orderId, amount: 100 }), {
        errorCode: '7',
        key: 'ORDER_NOT_CAPTURABLE',
      });
    });

    test('deposit.do refuses a one-phase payment, an unknown order and another currency', async () => {
      const orderId = await paid(1500, false);
      assertRefusal(await call('deposit.do', { orderId, amount: 0 }), {
        errorCode: '7',
        key: 'ORDER_NOT_CAPTURABLE',
      });
      assertRefusal(await call('deposit.do', { orderId: 'no-such-order', amount: 0 }), {
        errorCode: '6',
        key: 'ORDER_NOT_FOUND',
      });
      const hold = await paid(1500, true);
      assert.equal(
        (await call('deposit.do', { orderId: hold, amount: 0, currency: '840' })).body.errorCode,
        '5',
      );
      assert.equal((await call('deposit.do', { orderId: hold })).body.errorCode, '4', 'amount is mandatory');
    });

    test('reverse.do releases a hold (3) and a payment (3), once', async () => {
      const hold = await paid(1500, true);
      assert.equal((await call('reverse.do', { orderId: hold })).body.errorCode, '0');
      assert.deepEqual(await amounts(hold), {
        status: 3,
        paymentState: 'REVERSED',
        approvedAmount: 0,
        depositedAmount: 0,
        refundedAmount: 0,
        totalAmount: 1500,
      });
      assert.equal((await call('reverse.do', { orderId: hold })).body.errorCode, '7');
      const payment = await paid(1500, false);
      assert.equal((await call('reverse.do', { orderId: payment })).body.errorCode, '0');
      assert.equal((await amounts(payment)).status, 3);
      await assertInvariants(payment);
    });

    test('a partial reversal needs the permission and keeps the rest held', async () => {
      const hold = await paid(1500, true);
      assert.equal((await call('reverse.do', { orderId: hold, amount: 500 })).body.errorCode, '5');
      const permitted = await paid(1500, true, partialAuth);
      assert.equal(
        (await call('reverse.do', { orderId: permitted, amount: 500 }, partialAuth)).body.errorCode,
        '0',
      );
      assert.deepEqual(await amounts(permitted, partialAuth), {
        status: 1,
        paymentState: 'APPROVED',
        approvedAmount: 1000,
        depositedAmount: 0,
        refundedAmount: 0,
        totalAmount: 1500,
      });
      assert.equal(
        (await call('deposit.do', { orderId: permitted, amount: 1001 }, partialAuth)).body.errorCode,
        '5',
      );
      assert.equal(
        (await call('deposit.do', { orderId: permitted, amount: 0 }, partialAuth)).body.errorCode,
        '0',
      );
      assert.equal((await amounts(permitted, partialAuth)).depositedAmount, 1000);
    });

    test('refund.do: partial and repeated up to the deposited amount, then refused', async () => {
      const orderId = await paid(1000, false);
      assert.equal((await call('refund.do', { orderId, amount: 300 })).body.errorCode, '0');
      assert.equal((await call('refund.do', { orderId, amount: 300 })).body.errorCode, '0');
      assert.equal((await call('refund.do', { orderId, amount: 401 })).body.errorCode, '5');
      assert.equal(
        (await call('refund.do', { orderId, amount: 0 })).body.errorCode,
        '0',
        '0 refunds the rest',
      );
      assert.deepEqual(await amounts(orderId), {
        status: 4,
        paymentState: 'REFUNDED',
        approvedAmount: 1000,
        depositedAmount: 1000,
        refundedAmount: 1000,
        totalAmount: 1000,
      });
      assert.equal((await call('refund.do', { orderId, amount: 1 })).body.errorCode, '5');
      const read = await status(orderId);
      const refunds = read.refunds as Record<string, unknown>[];
      assert.deepEqual(
        refunds.map((r) => r.amount),
        [300, 300, 400],
      );
      assert.ok(refunds.every((r) => /^\d{12}$/.test(String(r.referenceNumber)) && r.actionCode === 0));
      await assertInvariants(orderId);
    });

    test('refund.do refuses a hold; expectedDepositedAmount and externalRefundId guard repeats', async () => {
      const hold = await paid(1000, true);
      assert.equal((await call('refund.do', { orderId: hold, amount: 100 })).body.errorCode, '7');
      const orderId = await paid(1000, false);
      assert.equal(
        (await call('refund.do', { orderId, amount: 100, expectedDepositedAmount: 999 })).body.errorCode,
        '7',
      );
      assert.equal(
        (await call('refund.do', { orderId, amount: 100, expectedDepositedAmount: 1000 })).body.errorCode,
        '0',
      );
      assert.equal(
        (await call('refund.do', { orderId, amount: 100, externalRefundId: 'r-1' })).body.errorCode,
        '0',
      );
      assert.equal(
        (await call('refund.do', { orderId, amount: 100, externalRefundId: 'r-1' })).body.errorCode,
        '0',
      );
      assert.equal(
        (await amounts(orderId)).refundedAmount,
        200,
        'the repeated externalRefundId did not refund again',
      );
    });

    test('decline.do cancels an unpaid order (6) and refuses a paid one or a mismatched number', async () => {
      const registered = await call('register.do', {
        orderNumber: `dl-${randomBytes(4).toString('hex')}`,
        amount: 100,
        returnUrl: 'https://shop.example/ok',
      });
      const orderId = String(registered.body.orderId);
      const orderNumber = String((await status(orderId)).orderNumber);
      assert.equal((await call('decline.do', { orderId, orderNumber: 'other' })).body.errorCode, '6');
      assert.equal((await call('decline.do', { orderId })).body.errorCode, '4', 'orderNumber is mandatory');
      assert.equal((await call('decline.do', { orderId, orderNumber })).body.errorCode, '0');
      assert.equal((await status(orderId)).orderStatus, 6);
      const paidId = await paid(100, false);
      assert.equal(
        (
          await call('decline.do', {
            orderId: paidId,
            orderNumber: String((await status(paidId)).orderNumber),
          })
        ).body.errorCode,
        '7',
      );
    });

    test('60 concurrent refunds of 300 at one 10000 payment: exactly 33 succeed, amounts add up', async () => {
      const orderId = await paid(10_000, false);
      const results = await Promise.all(
        Array.from({ length: 60 }, () => call('refund.do', { orderId, amount: 300 })),
      );
      assert.ok(results.every((r) => r.status === 200));
      assert.equal(results.filter((r) => r.body.errorCode === '0').length, 33);
      assert.equal((await amounts(orderId)).refundedAmount, 9900);
      await assertInvariants(orderId);
    });

    test('60 concurrent captures, reversals and refunds at one hold keep captured ≤ approved, refunded ≤ captured', async () => {
      const orderId = await paid(10_000, true);
      const requests = Array.from({ length: 60 }, (_, i) =>
        i % 3 === 0
          ? call('deposit.do', { orderId, amount: 4000 })
          : i % 3 === 1
            ? call('refund.do', { orderId, amount: 1500 })
            : call('reverse.do', { orderId }),
      );
      const results = await Promise.all(requests);
      assert.ok(results.every((r) => r.status === 200 && typeof r.body.errorCode === 'string'));
      const deposits = results.filter((r, i) => i % 3 === 0 && r.body.errorCode === '0').length;
      assert.ok(deposits <= 1, 'a hold is captured at most once');
      await assertInvariants(orderId);
    });

    test('50 concurrent instant payments with one order number: one payment, the rest errorCode 1', async () => {
      const orderNumber = `same-${randomBytes(4).toString('hex')}`;
      const results = await Promise.all(
        Array.from({ length: 50 }, () =>
          call('instantPayment.do', {
            amount: 700,
            pan: '4111111111111111',
            expiry: '203412',
            returnUrl: 'https://shop.example/ok',
            orderNumber,
          }),
        ),
      );
      assert.equal(results.filter((r) => r.body.errorCode === '0').length, 1);
      assert.equal(results.filter((r) => r.body.errorCode === '1').length, 49);
    });

    test('autocompletionDate and autoReverseDate settle holds at their time (a job), with their rules', async () => {
      const who = (
        await gh.createMerchant({ permissions: ['preAuth', 'autoCompletion'], rateLimitPerSecond: 10_000 })
      ).auth;
      const at = (offsetMs: number) => new Date(gh.clock.nowMs() + offsetMs).toISOString().slice(0, 19);
      const hold = (params: Record<string, string | boolean>, payer = who) =>
        gh.post(`${REST}/instantPayment.do`, {
          ...payer,
          amount: 900,
          pan: '4111111111111111',
          expiry: '203412',
          returnUrl: 'https://shop.example/ok',
          preAuth: true,
          ...params,
        });
      assert.equal(
        (await hold({ autocompletionDate: at(60_000) }, auth)).body.errorCode,
        '5',
        'needs autoCompletion',
      );
      assert.equal(
        (await hold({ autocompletionDate: at(60_000), preAuth: false })).body.errorCode,
        '5',
        'holds only',
      );
      assert.equal((await hold({ autocompletionDate: at(-60_000) })).body.errorCode, '5', 'in the future');
      assert.equal(
        (await hold({ autocompletionDate: at(60_000), autoReverseDate: at(90_000) })).body.errorCode,
        '5',
        'one of the two',
      );
      const completed = String((await hold({ autocompletionDate: at(60_000) })).body.orderId);
      const reversed = String((await hold({ autoReverseDate: at(60_000) })).body.orderId);
      const untouched = String((await hold({ autocompletionDate: at(3_600_000) })).body.orderId);
      await gh.gatehouse.jobs.runAll();
      assert.equal((await amounts(completed, who)).status, 1, 'not before its time');
      gh.clock.advance(61_000);
      await gh.gatehouse.jobs.runAll();
      assert.deepEqual(await amounts(completed, who), {
        status: 2,
        paymentState: 'DEPOSITED',
        approvedAmount: 900,
        depositedAmount: 900,
        refundedAmount: 0,
        totalAmount: 900,
      });
      assert.equal((await amounts(reversed, who)).status, 3);
      assert.equal((await amounts(untouched, who)).status, 1);
      await gh.gatehouse.jobs.runAll();
      await assertInvariants(completed);
    });
  });
}
