import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { StepPoint } from '../../src/services/money-steps/money-step-engine.js';
import { STEP_LEASE_MARGIN_MS } from '../../src/services/money-steps/step-policy.js';
import type { StepRow } from '../../src/store/schema.js';
import { chargedBy, ledgerOf } from '../support/acquirer-ledger.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type ApiResponse, type TestGatehouse } from '../support/gatehouse-harness.js';
import { CARD, createP2pMerchant, orderNumber, type P2pMerchant } from '../support/p2p.js';

/*
 * Issue 39: the live call and recovery run one definition per step kind, and whichever settles a
 * step first is the only one that moves its order. For each kind, the live call and the recovery
 * job are run in each order and interleaving, holding one writer at the engine's await points
 * (StepScheduler): live first, recovery first (after the intent, before the acquirer is called),
 * recovery between the acquirer's answer and the live settle, and two recoveries (the first held
 * after its inquiry until its lease ran out and a second finished). After each, the sandbox
 * acquirer's own ledger and the order agree, nothing is pending, no callback was written twice,
 * and the merchant got no 5xx.
 */

const ACQUIRER_TIMEOUT_MS = 10_000;
const GRACE_MS = 60_000;
/** Not enrolled in 3-D Secure, approved. */
const APPROVING = '4444555511113333';
const SECOND_APPROVING = '4000000000000010';
/** Declined by its issuer (do not honour). */
const DECLINING = '4000000000000002';

type Hold = { reached: Promise<void>; release: () => void };

/** Holds the first writer that reaches one await point of one step kind, until released. */
class Interleaver {
  private readonly armed = new Map<string, { reached: () => void; release: Promise<void> }>();

  arm(point: StepPoint, kind: string): Hold {
    let reached: () => void = () => undefined;
    let release: () => void = () => undefined;
    const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
    const releasePromise = new Promise<void>((resolve) => (release = resolve));
    this.armed.set(`${point}:${kind}`, { reached, release: releasePromise });
    return { reached: reachedPromise, release };
  }

  readonly scheduler = async (point: StepPoint, step: StepRow): Promise<void> => {
    const key = `${point}:${step.kind}`;
    const hold = this.armed.get(key);
    if (hold === undefined) return;
    this.armed.delete(key);
    hold.reached();
    await hold.release;
  };
}

type Order = 'live first' | 'recovery first' | 'recovery between the call and the settle' | 'two recoveries';
const ORDERS: readonly Order[] = [
  'live first',
  'recovery first',
  'recovery between the call and the settle',
  'two recoveries',
];

for (const engine of ENGINES) {
  describe(`${engine}: the live call and recovery in every order (issue 39)`, () => {
    let gh: TestGatehouse;
    let rest: { userName: string; password: string };
    let shop: P2pMerchant;
    const interleaver = new Interleaver();

    before(async () => {
      gh = await startTestGatehouse(engine, {
        env: {
          GATEHOUSE_ACQUIRER_TIMEOUT_MS: String(ACQUIRER_TIMEOUT_MS),
          GATEHOUSE_RECOVERY_GRACE_MS: String(GRACE_MS),
          // Recovery runs only when a test runs it.
          GATEHOUSE_JOB_INTERVAL_MS: '3600000',
        },
        stepScheduler: interleaver.scheduler,
      });
      rest = (await gh.createMerchant({ permissions: ['preAuth', 'instantRefund'] })).auth;
      shop = await createP2pMerchant(gh, { permissions: ['oct'] });
    });
    after(() => gh.close());

    const post = (op: string, params: Record<string, string | number | boolean>) =>
      gh.post(`/payment/rest/${op}`, { ...rest, ...params }, { allowSystemError: true });

    /** Every pending step is due, then one recovery run. */
    const recover = async (): Promise<void> => {
      gh.clock.advance(ACQUIRER_TIMEOUT_MS + GRACE_MS + 1);
      await gh.gatehouse.jobs.run('money-step-recovery');
    };

    const pay = async (preAuth: boolean, pan = APPROVING): Promise<string> => {
      const answer = await post('instantPayment.do', {
        amount: 4200,
        pan,
        expiry: '203412',
        cvc: '123',
        preAuth,
        returnUrl: 'https://shop.example/ok',
      });
      assert.equal(answer.body.errorCode, '0', answer.text);
      return String(answer.body.orderId);
    };

    const registerTransfer = async (extra: Record<string, unknown> = {}): Promise<string> => {
      const answer = await shop.call('registerP2P.do', {
        orderNumber: orderNumber('interleave'),
        amount: 3000,
        currency: '978',
        returnUrl: 'https://shop.example/done',
        ...extra,
      });
      assert.equal(answer.body.errorCode, '0', answer.text);
      return String(answer.body.orderId);
    };

    /** The order, its steps, its callbacks and the acquirer's ledger agree. */
    const agree = async (orderId: string, what: string): Promise<void> => {
      const db = gh.gatehouse.store.db;
      const order = await db
        .selectFrom('orders')
        .select(['status', 'approved_minor', 'deposited_minor', 'refunded_minor', 'amount_minor', 'p2p_type'])
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      const steps = await db
        .selectFrom('order_operations')
        .select(['kind', 'state'])
        .where('order_id', '=', orderId)
        .execute();
      const callbacks = await db
        .selectFrom('callbacks')
        .select('operation')
        .where('order_id', '=', orderId)
        .execute();
      const ledger = await ledgerOf(gh, orderId);
      const story = `${what}: order ${JSON.stringify(order)} steps ${JSON.stringify(steps)} callbacks ${JSON.stringify(callbacks)} ledger ${JSON.stringify(ledger)}`;
      assert.ok(
        !steps.some((step) => step.state !== 'approved' && step.state !== 'declined'),
        `every step final: ${story}`,
      );
      const operations = callbacks.map((callback) => callback.operation);
      assert.equal(new Set(operations).size, operations.length, `no callback written twice: ${story}`);
      const { charged, credited, held } = chargedBy(ledger);
      const net = Number(order.deposited_minor) - Number(order.refunded_minor);
      if (steps.some((step) => step.kind === 'credit')) {
        assert.equal(charged, 0, story);
        assert.equal(credited, Number(order.refunded_minor), `the credit and the order agree: ${story}`);
        return;
      }
      if (order.p2p_type === 'OCT') {
        assert.equal(credited, net, `the OCT's credit and the order agree: ${story}`);
        return;
      }
      assert.equal(charged, net, `charged as the order says: ${story}`);
      assert.equal(
        held,
        order.status === 1 ? Number(order.approved_minor) : 0,
        `held as the order says: ${story}`,
      );
      if (order.p2p_type !== null && order.p2p_type !== 'AFT')
        assert.equal(
          credited,
          order.status === 2 ? Number(order.amount_minor) : 0,
          `credited once, when made: ${story}`,
        );
    };

    /**
     * Runs `live` (the merchant's call that sends a step of `kind`) against recovery in `order`,
     * then checks the order: the live call's answer is a spec answer, never a 5xx.
     */
    const interleave = async (
      order: Order,
      kind: string,
      live: () => Promise<ApiResponse>,
    ): Promise<ApiResponse> => {
      if (order === 'live first') {
        const answer = await live();
        await recover();
        return answer;
      }
      const hold = interleaver.arm(order === 'recovery first' ? 'sending' : 'answered', kind);
      const call = live();
      await hold.reached;
      if (order === 'two recoveries') {
        const first = interleaver.arm('asked', kind);
        gh.clock.advance(ACQUIRER_TIMEOUT_MS + GRACE_MS + 1);
        const firstRun = gh.gatehouse.jobs.run('money-step-recovery');
        await first.reached;
        // The first run's lease runs out while it waits: a second run takes the step and finishes it.
        gh.clock.advance(ACQUIRER_TIMEOUT_MS + STEP_LEASE_MARGIN_MS + 1);
        await gh.gatehouse.jobs.run('money-step-recovery');
        first.release();
        await firstRun;
      } else {
        await recover();
      }
      hold.release();
      const answer = await call;
      await recover();
      return answer;
    };

    for (const order of ORDERS) {
      test(`authorization, ${order}`, async () => {
        let orderId = '';
        const answer = await interleave(order, 'authorization', async () => {
          const paid = await post('instantPayment.do', {
            amount: 1500,
            pan: APPROVING,
            expiry: '203412',
            cvc: '123',
            returnUrl: 'https://shop.example/ok',
          });
          orderId = String(paid.body.orderId);
          return paid;
        });
        assert.ok(answer.status < 500, answer.text);
        await agree(orderId, `authorization, ${order}`);
        const status = (await post('getOrderStatusExtended.do', { orderId })).body;
        // The answer the merchant got is the order's final state.
        assert.equal(
          (answer.body.orderStatus as { OrderStatus?: number } | undefined)?.OrderStatus ??
            status.orderStatus,
          status.orderStatus,
          answer.text,
        );
      });

      test(`a transfer's debit and credit (P1), ${order}`, async () => {
        for (const kind of ['debit', 'transferCredit']) {
          const orderId = await registerTransfer();
          const answer = await interleave(order, kind, () =>
            shop.call(
              'performP2P.do',
              { orderId, fromCard: CARD(APPROVING), toCard: { pan: SECOND_APPROVING } },
              { allowSystemError: true },
            ),
          );
          assert.ok(answer.status < 500, answer.text);
          await agree(orderId, `${kind}, ${order}`);
        }
      });

      test(`a refused credit's debit reversal (a compensation), ${order}`, async () => {
        const orderId = await registerTransfer();
        const answer = await interleave(order, 'debitReversal', () =>
          shop.call(
            'performP2P.do',
            // The recipient's issuer refuses the credit: the debit is given back at once.
            { orderId, fromCard: CARD(APPROVING), toCard: { pan: DECLINING } },
            { allowSystemError: true },
          ),
        );
        assert.ok(answer.status < 500, answer.text);
        await agree(orderId, `debitReversal, ${order}`);
        const read = await gh.gatehouse.store.db
          .selectFrom('orders')
          .select('status')
          .where('id', '=', orderId)
          .executeTakeFirstOrThrow();
        assert.equal(read.status, 6, 'the transfer ends declined once its debit is back');
      });

      test(`an OCT's credit, ${order}`, async () => {
        const orderId = await registerTransfer({
          features: { feature: ['WITHOUT_FROM_CARD'] },
          transactionTypeIndicator: 'D',
        });
        const answer = await interleave(order, 'transferCredit', () =>
          shop.call(
            'performP2P.do',
            { orderId, toCard: { pan: SECOND_APPROVING } },
            { allowSystemError: true },
          ),
        );
        assert.ok(answer.status < 500, answer.text);
        await agree(orderId, `OCT, ${order}`);
      });

      test(`capture, reversal and refund, ${order}`, async () => {
        const held = await pay(true);
        await interleave(order, 'capture', () => post('deposit.do', { orderId: held, amount: 0 }));
        await agree(held, `capture, ${order}`);
        const reversed = await pay(false);
        await interleave(order, 'reversal', () => post('reverse.do', { orderId: reversed }));
        await agree(reversed, `reversal, ${order}`);
        const refunded = await pay(false);
        await interleave(order, 'refund', () => post('refund.do', { orderId: refunded, amount: 2000 }));
        await agree(refunded, `refund, ${order}`);
      });

      test(`an instant credit, ${order}`, async () => {
        let orderId = '';
        await interleave(order, 'credit', async () => {
          const answer = await post('instantRefund.do', {
            amount: 2500,
            orderNumber: orderNumber('credit'),
            pan: APPROVING,
            expiry: '203412',
          });
          orderId = String(answer.body.orderId);
          return answer;
        });
        await agree(orderId, `credit, ${order}`);
      });
    }
  });
}
