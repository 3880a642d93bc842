import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type {
  AcquirerPort,
  AuthorizationAnswer,
  AuthorizationRequest,
  UnknownOutcome,
} from '../../src/processing/acquirer/acquirer-port.js';
import { OrderRepository } from '../../src/store/order-repository.js';
import type { OrderRow } from '../../src/store/schema.js';
import { chargedBy, ledgerOf } from '../support/acquirer-ledger.js';
import { boundAcquirer } from '../support/bound-acquirer.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';
import { CARD, createP2pMerchant, orderNumber, type P2pMerchant } from '../support/p2p.js';

/*
 * Issue 39, P1: a P2P debit moved by both the live call and recovery. Recovery leases the debit
 * step and reads the order unpaid; the live unit then commits the debit's approval and the pending
 * credit; recovery declines the order it read. Before issue 39 that decline still matched its
 * guard (the order waits for the credit, status 0): the order read declined while the acquirer
 * held the debit and then the credit, and the merchant got HTTP 500. Only the acquirer's answer
 * and one database read stand between those writers, so the test holds both: the live debit's
 * answer (an acquirer wrapper) and recovery's read of the order (OrderRepository.findById).
 */

const ACQUIRER_TIMEOUT_MS = 10_000;
const GRACE_MS = 60_000;

/** Resolves the first time `reached` is called; `release` lets the waiter go on. */
function gate() {
  let reached: () => void = () => undefined;
  let release: () => void = () => undefined;
  const wasReached = new Promise<void>((resolve) => (reached = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  return { reached, wasReached, release, released };
}

for (const engine of ENGINES) {
  describe(`${engine}: a transfer's debit and recovery (issue 39, P1)`, () => {
    let gh: TestGatehouse;
    let shop: P2pMerchant;
    let debitHold: ReturnType<typeof gate> | undefined;
    let readHold: { orderId: string; gate: ReturnType<typeof gate> } | undefined;
    // The repository's own read, kept to call from the patched one and to put back afterwards.
    const { findById } = Object.getOwnPropertyDescriptors(OrderRepository.prototype);
    const readOrder = findById?.value as OrderRepository['findById'];

    before(async () => {
      // Recovery's read of one order waits when the test says so.
      OrderRepository.prototype.findById = async function (
        this: OrderRepository,
        merchantId: string,
        orderId: string,
      ): Promise<OrderRow | undefined> {
        const read = await readOrder.call(this, merchantId, orderId);
        const hold = readHold;
        if (hold !== undefined && hold.orderId === orderId) {
          readHold = undefined;
          hold.gate.reached();
          await hold.gate.released;
        }
        return read;
      };
      gh = await startTestGatehouse(engine, {
        env: {
          GATEHOUSE_ACQUIRER_TIMEOUT_MS: String(ACQUIRER_TIMEOUT_MS),
          GATEHOUSE_RECOVERY_GRACE_MS: String(GRACE_MS),
          GATEHOUSE_JOB_INTERVAL_MS: '3600000',
        },
        acquirerWrapper: (sandbox): AcquirerPort => ({
          ...boundAcquirer(sandbox),
          debit: async (request: AuthorizationRequest): Promise<AuthorizationAnswer | UnknownOutcome> => {
            const answer = await sandbox.debit(request);
            const hold = debitHold;
            if (hold !== undefined) {
              debitHold = undefined;
              hold.reached();
              await hold.released;
            }
            return answer;
          },
        }),
      });
      shop = await createP2pMerchant(gh);
    });
    after(async () => {
      OrderRepository.prototype.findById = readOrder;
      await gh.close();
    });

    test('the live debit unit commits between recovery reading the order and declining it: one writer moves the order, no 5xx', async () => {
      const registered = await shop.call('registerP2P.do', {
        orderNumber: orderNumber('p1'),
        amount: 2000,
        currency: '978',
        returnUrl: 'https://shop.example/done',
      });
      const orderId = String(registered.body.orderId);
      const debit = gate();
      debitHold = debit;
      const live = shop.call(
        'performP2P.do',
        { orderId, fromCard: CARD('4444555511113333'), toCard: { pan: '4000000000000010' } },
        { allowServerError: true, allowSystemError: true },
      );
      await debit.wasReached;
      const held = gate();
      readHold = { orderId, gate: held };
      gh.clock.advance(ACQUIRER_TIMEOUT_MS + GRACE_MS + 1);
      const recovery = gh.gatehouse.jobs.run('money-step-recovery');
      // Recovery reads the order (the code before issue 39 did, between its lease and its decline),
      // or, finding nothing to read, finishes; either way the live unit goes on now.
      await Promise.race([held.wasReached, recovery]);
      debit.release();
      const debitFinal = async () => {
        for (let waited = 0; waited < 5_000; waited += 20) {
          const debit = await gh.gatehouse.store.db
            .selectFrom('order_operations')
            .select('state')
            .where('order_id', '=', orderId)
            .where('kind', '=', 'debit')
            .executeTakeFirst();
          if (debit !== undefined && debit.state !== 'pending') return;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      };
      await debitFinal();
      held.release();
      readHold = undefined;
      await recovery;
      const answer = await live;
      assert.ok(answer.status < 500, `the merchant got ${answer.status}: ${answer.text}`);
      // Whatever is left pending is finished.
      gh.clock.advance(ACQUIRER_TIMEOUT_MS + GRACE_MS + 1);
      await gh.gatehouse.jobs.run('money-step-recovery');

      const order = await gh.gatehouse.store.db
        .selectFrom('orders')
        .select(['status', 'deposited_minor', 'amount_minor'])
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      const ledger = await ledgerOf(gh, orderId);
      const { charged, credited } = chargedBy(ledger);
      const story = `order ${JSON.stringify(order)} ledger ${JSON.stringify(ledger)}`;
      assert.equal(charged, Number(order.deposited_minor), `charged as the order says: ${story}`);
      assert.equal(
        credited,
        order.status === 2 ? Number(order.amount_minor) : 0,
        `credited once, only when made: ${story}`,
      );
    });
  });
}
