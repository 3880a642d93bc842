import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { pendingOperationRow } from '../../src/domain/operation-intent.js';
import type { AcquirerPort } from '../../src/processing/acquirer/acquirer-port.js';
import { SandboxAcquirer } from '../../src/processing/sandbox/sandbox-acquirer.js';
import { SandboxLedgerRepository } from '../../src/processing/sandbox/sandbox-ledger-repository.js';
import { OperationRepository } from '../../src/store/operation-repository.js';
import { OrderMovementRepository } from '../../src/store/order-movement-repository.js';
import { OrderRepository } from '../../src/store/order-repository.js';
import { ENGINES } from '../support/engines.js';
import { moneyWorld } from '../support/money-world.js';
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
        await new OperationRepository(gh.gatehouse.store.db).insertOperation(
          db,
          pendingOperationRow({ id: attemptId, order, kind: 'authorization', amountMinor: 1200, nowMs }),
        );
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

for (const engine of ENGINES) {
  describe(`${engine}: a capture, reversal or refund cut off by a crash is finished after a restart`, () => {
    let gh: TestGatehouse;
    let auth: { userName: string; password: string };

    before(async () => {
      gh = await startTestGatehouse(engine, { env: { GATEHOUSE_ACQUIRER_TIMEOUT_MS: '1000' } });
      auth = (await gh.createMerchant({ permissions: ['preAuth'], callbackUrl: 'https://shop.example/cb' }))
        .auth;
    });
    after(() => gh.close());

    const status = async (orderId: string) =>
      (await gh.post('/payment/rest/getOrderStatusExtended.do', { ...auth, orderId })).body;

    /** A paid (or held) order, then a movement applied with its pending row, as a stopped process leaves it. */
    async function interruptedMovement(
      kind: 'capture' | 'refund' | 'reversal',
      reachedAcquirer = true,
    ): Promise<{ orderId: string; operationId: string }> {
      const paid = await gh.post('/payment/rest/instantPayment.do', {
        ...auth,
        amount: 2000,
        pan: '4111111111111111',
        expiry: '203412',
        cvc: '123',
        preAuth: kind === 'capture',
        returnUrl: 'https://shop.example/ok',
      });
      const orderId = String(paid.body.orderId);
      const operationId = randomUUID();
      const nowMs = gh.clock.nowMs();
      await gh.gatehouse.store.writes.run(async (db) => {
        const applied =
          kind === 'capture'
            ? await new OrderMovementRepository().applyDeposit(db, orderId, 2000, nowMs)
            : kind === 'refund'
              ? await new OrderMovementRepository().applyRefund(db, orderId, 700, nowMs)
              : (await new OrderMovementRepository().applyFullReversal(db, orderId, nowMs)) !== undefined;
        assert.ok(applied);
        const order = await db
          .selectFrom('orders')
          .selectAll()
          .where('id', '=', orderId)
          .executeTakeFirstOrThrow();
        await new OperationRepository(gh.gatehouse.store.db).insertOperation(
          db,
          pendingOperationRow({
            id: operationId,
            order,
            kind,
            amountMinor: kind === 'refund' ? 700 : 2000,
            nowMs,
            prior:
              kind === 'reversal'
                ? JSON.stringify({ status: 2, approved_minor: 2000, deposited_minor: 2000 })
                : null,
          }),
        );
      });
      if (reachedAcquirer) {
        // The process stopped after the acquirer performed it: the acquirer's own ledger has it.
        const sandbox = new SandboxAcquirer(
          new SandboxLedgerRepository(gh.gatehouse.store.db, gh.gatehouse.store.writes),
          gh.clock,
        );
        const order = await gh.gatehouse.store.db
          .selectFrom('orders')
          .selectAll()
          .where('id', '=', orderId)
          .executeTakeFirstOrThrow();
        const request = {
          orderId,
          operationId,
          original: { operationId: order.payment_attempt_id ?? '' },
          amountMinor: kind === 'refund' ? 700 : 2000,
          currency: '978',
        };
        if (kind === 'capture') await sandbox.capture(request);
        else if (kind === 'refund') await sandbox.refund(request);
        else await sandbox.reverse(request);
      }
      return { orderId, operationId };
    }

    test('a stalled movement the acquirer never received is undone once it is asked', async () => {
      const { orderId, operationId } = await interruptedMovement('capture', false);
      gh.clock.advance(1000 + 60_000 + 1);
      await gh.gatehouse.jobs.runAll();
      const operation = await gh.gatehouse.store.db
        .selectFrom('order_operations')
        .select(['state', 'action_code'])
        .where('id', '=', operationId)
        .executeTakeFirstOrThrow();
      assert.deepEqual(operation, { state: 'declined', action_code: 151019 });
      const read = await status(orderId);
      assert.equal(read.orderStatus, 1, 'the hold stands, uncaptured');
    });

    test('each stalled movement the acquirer performed is recorded from its inquiry and announced; a fresh one is left alone', async () => {
      const movements = {
        capture: await interruptedMovement('capture'),
        refund: await interruptedMovement('refund'),
        reversal: await interruptedMovement('reversal'),
      };
      await gh.gatehouse.jobs.runAll();
      const pending = await gh.gatehouse.store.db
        .selectFrom('order_operations')
        .select('id')
        .where('state', '=', 'pending')
        .execute();
      assert.equal(pending.length, 3, 'inside the acquirer deadline nothing is touched');

      gh.clock.advance(1000 + 60_000 + 1);
      await gh.gatehouse.jobs.runAll();
      for (const [kind, { orderId, operationId }] of Object.entries(movements)) {
        const operation = await gh.gatehouse.store.db
          .selectFrom('order_operations')
          .select(['state', 'action_code'])
          .where('id', '=', operationId)
          .executeTakeFirstOrThrow();
        assert.deepEqual(operation, { state: 'approved', action_code: 0 }, kind);
        const callbacks = await gh.gatehouse.store.db
          .selectFrom('callbacks')
          .select('operation')
          .where('order_id', '=', orderId)
          .execute();
        const expected = { capture: 'deposited', refund: 'refunded', reversal: 'reversed' }[kind];
        assert.ok(
          callbacks.some((row) => row.operation === expected),
          `${kind}: the ${expected} callback is sent at last`,
        );
      }
      assert.equal((await status(movements.capture.orderId)).orderStatus, 2);
      assert.equal((await status(movements.refund.orderId)).orderStatus, 4);
      assert.equal((await status(movements.reversal.orderId)).orderStatus, 3);

      // Running the job again finds nothing to do: a movement is finished once.
      const before = await gh.gatehouse.store.db.selectFrom('callbacks').select('id').execute();
      await gh.gatehouse.jobs.runAll();
      const afterRun = await gh.gatehouse.store.db.selectFrom('callbacks').select('id').execute();
      assert.equal(afterRun.length, before.length);
    });

    test('a resumed movement the acquirer refuses is undone, each kind from its operation row alone', async () => {
      const refused = { approved: false, reason: 'doNotHonour' } as const;
      const refusing: AcquirerPort = {
        inquire: (id: string) =>
          Promise.resolve(
            kindOf.get(id) === 'reversal'
              ? {
                  found: true,
                  call: 'reverse',
                  answer: { outcome: 'refused', final: true, reason: 'doNotHonour' },
                }
              : { found: true, call: kindOf.get(id) === 'capture' ? 'capture' : 'refund', answer: refused },
          ),
      } as unknown as AcquirerPort;
      const kindOf = new Map<string, string>();
      const world = moneyWorld(gh, refusing);
      const expected = {
        capture: { status: 1, approved: 2000, deposited: 0, refunded: 0 },
        refund: { status: 2, approved: 2000, deposited: 2000, refunded: 0 },
        reversal: { status: 2, approved: 2000, deposited: 2000, refunded: 0 },
      };
      for (const kind of ['capture', 'refund', 'reversal'] as const) {
        const { orderId, operationId } = await interruptedMovement(kind, false);
        kindOf.set(operationId, kind);
        const operation = await gh.gatehouse.store.db
          .selectFrom('order_operations')
          .selectAll()
          .where('id', '=', operationId)
          .executeTakeFirstOrThrow();
        await world.money.engine.recover(operation);
        const read = await status(orderId);
        const amounts = read.paymentAmountInfo as Record<string, unknown>;
        assert.deepEqual(
          {
            status: read.orderStatus,
            approved: amounts.approvedAmount,
            deposited: amounts.depositedAmount,
            refunded: amounts.refundedAmount,
          },
          expected[kind],
          kind,
        );
        const finished = await gh.gatehouse.store.db
          .selectFrom('order_operations')
          .select('state')
          .where('id', '=', operationId)
          .executeTakeFirstOrThrow();
        assert.equal(finished.state, 'declined', kind);
      }
    });
  });
}
