import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  UNKNOWN_OUTCOME,
  type AcquirerPort,
  type Inquiry,
  type UnknownOutcome,
} from '../../src/processing/acquirer/acquirer-port.js';
import {
  STEP_BACKOFF_MAX_MS,
  STEP_RECOVERY_CONCURRENCY,
} from '../../src/services/money-steps/step-policy.js';
import { ledgerOf, movedBy } from '../support/acquirer-ledger.js';
import { listenForCallbacks } from '../support/callback-listener.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';
import { CARD, createP2pMerchant, orderNumber } from '../support/p2p.js';

/*
 * The recovery job as it runs in production (issue 23): on many workers at once, and beside the
 * other jobs. The lease must keep two workers from sending one step; the job runner must keep a
 * recovery run that waits on the acquirer from holding back callback delivery.
 */

const ACQUIRER_TIMEOUT_MS = 300;
const GRACE_MS = 60_000;
/** Every call is performed, its first answer lost: declined at once, then found approved and reversed. */
const FIRST_ANSWER_LOST = '4000000000000309';
/** The call never reaches the acquirer: the inquiry finds nothing and fences the id. */
const NEVER_ARRIVES = '4000000000000317';
const APPROVE = '4111111111111111';
const STEP_KINDS = ['authorization', 'debit', 'authorizationReversal', 'debitReversal'] as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One call a node sent to the acquirer, in which recovery round (0: the live calls). */
interface Sent {
  readonly node: string;
  readonly round: number;
  readonly call: string;
  readonly operationId: string;
}

/** Records every call each node sends to the sandbox acquirer, shared by the nodes of one test. */
class SendLog {
  round = 0;
  readonly sent: Sent[] = [];

  wrapperFor(node: string): (sandbox: AcquirerPort) => AcquirerPort {
    return (sandbox) => {
      const note = (call: string, operationId: string) => {
        this.sent.push({ node, round: this.round, call, operationId });
      };
      return {
        authorize: (request) => (note('authorize', request.operationId), sandbox.authorize(request)),
        debit: (request) => (note('debit', request.operationId), sandbox.debit(request)),
        capture: (request) => (note('capture', request.operationId), sandbox.capture(request)),
        reverse: (request) => (note('reverse', request.operationId), sandbox.reverse(request)),
        refund: (request) => (note('refund', request.operationId), sandbox.refund(request)),
        credit: (request) => (note('credit', request.operationId), sandbox.credit(request)),
        inquire: (operationId) => (note('inquire', operationId), sandbox.inquire(operationId)),
        cardBilling: (pan) => sandbox.cardBilling(pan),
      };
    };
  }
}

/** Inquiries that hang until the test releases them: every recovery try waits out the acquirer's deadline. */
class HangingInquiries {
  private released = false;
  private readonly waiting = new Set<(answer: UnknownOutcome) => void>();
  asked = 0;

  wrap(sandbox: AcquirerPort): AcquirerPort {
    return {
      authorize: (request) => sandbox.authorize(request),
      debit: (request) => sandbox.debit(request),
      capture: (request) => sandbox.capture(request),
      reverse: (request) => sandbox.reverse(request),
      refund: (request) => sandbox.refund(request),
      credit: (request) => sandbox.credit(request),
      inquire: (operationId): Promise<Inquiry | UnknownOutcome> => {
        if (this.released) return sandbox.inquire(operationId);
        this.asked += 1;
        return new Promise((resolve) => this.waiting.add(resolve));
      },
      cardBilling: (pan) => sandbox.cardBilling(pan),
    };
  }

  /** Answers the held ones "unknown" (their deadline passed long ago) and lets the next ones through. */
  release(): void {
    this.released = true;
    for (const resolve of this.waiting) resolve(UNKNOWN_OUTCOME);
    this.waiting.clear();
  }
}

/** Past every deadline and backoff of a step: the next recovery run takes every pending one. */
const PAST_EVERY_DEADLINE_MS = STEP_BACKOFF_MAX_MS + ACQUIRER_TIMEOUT_MS + GRACE_MS + 1;

// SQLite has one writer and one process: two workers on one database is PostgreSQL's case.
for (const engine of ENGINES.filter((name) => name === 'postgres')) {
  describe(`${engine}: recovery on two worker processes (issue 23)`, () => {
    const log = new SendLog();
    let first: TestGatehouse;
    let second: TestGatehouse;

    before(async () => {
      const env = { GATEHOUSE_ACQUIRER_TIMEOUT_MS: String(ACQUIRER_TIMEOUT_MS) };
      first = await startTestGatehouse(engine, { env, acquirerWrapper: log.wrapperFor('first') });
      second = await startTestGatehouse(engine, {
        env,
        sameDatabaseAs: first,
        acquirerWrapper: log.wrapperFor('second'),
      });
    });
    after(async () => {
      await second.close();
      await first.close();
    });

    test('Two worker processes on one PostgreSQL running the recovery job together never send the same step twice', async () => {
      const nodes = [first, second];
      const shop = (await first.createMerchant({ rateLimitPerSecond: 10_000 })).auth;
      const transfers = await createP2pMerchant(first);
      /** What the acquirer must have recorded for each order once recovery is done: [call, times sent]. */
      const expected = new Map<string, { ledger: [string, number][]; amount: number; reached: boolean }>();

      const pay = async (index: number, pan: string) => {
        const node = nodes[index % 2] ?? first;
        const amount = 1000 + index;
        const answer = await node.post('/payment/rest/instantPayment.do', {
          ...shop,
          amount,
          pan,
          expiry: '203412',
          returnUrl: 'https://shop.example/ok',
        });
        // The live call got no answer in time: declined (status 6) at once, its step left pending.
        assert.equal((answer.body.orderStatus as { OrderStatus?: number }).OrderStatus, 6, answer.text);
        const reached = pan === FIRST_ANSWER_LOST;
        expected.set(String(answer.body.orderId), {
          // The reversal's first answer is lost too: sent by the step that found the approval, and
          // once more by the next run, which gets the first answer. Never by both workers.
          ledger: reached
            ? [
                ['sale', 1],
                ['reverse', 2],
              ]
            : [['fenced', 1]],
          amount,
          reached,
        });
      };
      const transfer = async (index: number) => {
        const amount = 2000 + index;
        const registered = await transfers.call('registerP2P.do', {
          orderNumber: orderNumber('rec'),
          amount,
          currency: '978',
          returnUrl: 'https://shop.example/done',
        });
        const orderId = String(registered.body.orderId);
        await transfers.call(
          'performP2P.do',
          { orderId, fromCard: CARD(FIRST_ANSWER_LOST), toCard: { pan: '5555555555554444' } },
          { allowSystemError: true },
        );
        expected.set(orderId, {
          ledger: [
            ['debit', 1],
            ['reverse', 2],
          ],
          amount,
          reached: true,
        });
      };
      await Promise.all([
        ...Array.from({ length: 12 }, (_, index) => pay(index, FIRST_ANSWER_LOST)),
        ...Array.from({ length: 12 }, (_, index) => pay(100 + index, NEVER_ARRIVES)),
        ...Array.from({ length: 6 }, (_, index) => transfer(index)),
      ]);
      const orderIds = [...expected.keys()];
      assert.equal(orderIds.length, 30);

      const db = first.gatehouse.store.db;
      const steps = () =>
        db
          .selectFrom('order_operations')
          .select(['id', 'order_id', 'kind', 'state', 'attempts'])
          .where('order_id', 'in', orderIds)
          .where('kind', 'in', STEP_KINDS)
          .execute();
      assert.equal(
        (await steps()).filter((step) => step.state === 'pending').length,
        30,
        'every order left one stalled step',
      );

      // Both workers, each with its own clock moved past the deadline, run the job at once.
      let rounds = 0;
      while ((await steps()).some((step) => step.state === 'pending') && rounds < 4) {
        rounds += 1;
        log.round = rounds;
        for (const node of nodes) node.clock.advance(PAST_EVERY_DEADLINE_MS);
        await Promise.all(nodes.map((node) => node.gatehouse.jobs.run('money-step-recovery')));
      }
      const settled = await steps();
      assert.deepEqual(
        settled.filter((step) => step.state === 'pending'),
        [],
        'no step is left pending',
      );
      assert.ok(
        new Set(log.sent.filter((sent) => sent.round > 0).map((sent) => sent.node)).size === 2,
        'both workers took steps',
      );

      // No step was sent by both workers in one run: the lease let only one of them send it.
      for (let round = 1; round <= rounds; round += 1) {
        const senders = new Map<string, Set<string>>();
        for (const sent of log.sent.filter((entry) => entry.round === round)) {
          senders.set(sent.operationId, (senders.get(sent.operationId) ?? new Set()).add(sent.node));
        }
        const twice = [...senders].filter(([, nodesOf]) => nodesOf.size > 1).map(([id]) => id);
        assert.deepEqual(twice, [], `run ${round}: steps sent by both workers`);
      }

      // The acquirer's own count of every operation id: exactly what the protocol sends.
      for (const [orderId, want] of expected) {
        const ledger = await ledgerOf(first, orderId);
        // An inquiry that found nothing fences the step's id under no order.
        const fenced = await db
          .selectFrom('sandbox_acquirer_operations')
          .select(['call', 'calls'])
          .where(
            'operation_id',
            'in',
            settled.filter((step) => step.order_id === orderId).map((step) => step.id),
          )
          .where('call', '=', 'fenced')
          .execute();
        assert.deepEqual(
          [
            ...ledger.map((entry) => [entry.call, entry.calls]),
            ...fenced.map((entry) => [entry.call, Number(entry.calls)]),
          ],
          want.ledger,
          `order ${orderId}: the acquirer's count of each call`,
        );
        const given = want.reached ? want.amount : 0;
        assert.deepEqual(
          movedBy(ledger),
          { taken: given, given, credited: 0 },
          `order ${orderId}: whatever was taken was given back`,
        );
      }

      assert.equal(rounds, 2, 'one run finds the approvals and sends the reversals, the next resends them');
      assert.equal(settled.length, 30 + 18, 'one reversal for each of the 18 approvals the acquirer made');

      // Each try of a step is one lease and one call naming it: the recovery sends equal its attempts.
      for (const step of settled) {
        const sends = log.sent.filter((sent) => sent.round > 0 && sent.operationId === step.id).length;
        assert.equal(sends, step.attempts, `${step.kind} ${step.id}: sends during recovery = attempts`);
        assert.equal(step.attempts, step.kind.endsWith('Reversal') ? 2 : 1, `${step.kind} ${step.id}`);
      }
    });
  });
}

const STALLED_STEPS = 60;
/** How soon a callback must reach the merchant although the recovery job is busy. */
const CALLBACK_WITHIN_MS = 2_000;

for (const engine of ENGINES) {
  describe(`${engine}: a busy recovery job beside the other jobs (issue 23)`, () => {
    const hanging = new HangingInquiries();
    let gh: TestGatehouse;
    let endpoint: Awaited<ReturnType<typeof listenForCallbacks>>;

    before(async () => {
      endpoint = await listenForCallbacks();
      gh = await startTestGatehouse(engine, {
        // The runner's own timers run the jobs (listen() starts them), as in production.
        env: { GATEHOUSE_ACQUIRER_TIMEOUT_MS: String(ACQUIRER_TIMEOUT_MS), GATEHOUSE_JOB_INTERVAL_MS: '100' },
        acquirerWrapper: (sandbox) => hanging.wrap(sandbox),
      });
    });
    after(async () => {
      hanging.release();
      await gh.close();
      await new Promise((resolve) => endpoint.server.close(resolve));
    });

    test(`${STALLED_STEPS} unresolved items do not delay callback delivery`, async () => {
      const stalling = (await gh.createMerchant({ rateLimitPerSecond: 10_000 })).auth;
      const stalledOrders: string[] = [];
      for (let chunk = 0; chunk < STALLED_STEPS; chunk += 20) {
        await Promise.all(
          Array.from({ length: 20 }, async () => {
            const answer = await gh.post('/payment/rest/instantPayment.do', {
              ...stalling,
              amount: 500,
              pan: NEVER_ARRIVES,
              expiry: '203412',
              returnUrl: 'https://shop.example/ok',
            });
            stalledOrders.push(String(answer.body.orderId));
          }),
        );
      }
      const pendingSteps = () =>
        gh.gatehouse.store.db
          .selectFrom('order_operations')
          .select('id')
          .where('order_id', 'in', stalledOrders)
          .where('state', '=', 'pending')
          .execute();
      assert.equal((await pendingSteps()).length, STALLED_STEPS);

      // The steps fall due; the job's own timer takes them, each try waiting out the deadline.
      gh.clock.advance(ACQUIRER_TIMEOUT_MS + GRACE_MS + 1);
      for (let waitedMs = 0; hanging.asked === 0; waitedMs += 10) {
        assert.ok(waitedMs < 3_000, 'the recovery job never asked the acquirer');
        await sleep(10);
      }

      const receiver = (await gh.createMerchant({ rateLimitPerSecond: 10_000, callbackUrl: endpoint.url }))
        .auth;
      const startedMs = Date.now();
      const paid = await gh.post('/payment/rest/instantPayment.do', {
        ...receiver,
        amount: 700,
        pan: APPROVE,
        expiry: '203412',
        returnUrl: 'https://shop.example/ok',
      });
      assert.equal(paid.body.errorCode, '0', paid.text);
      const orderId = String(paid.body.orderId);
      while (!endpoint.received.some((params) => params.mdOrder === orderId)) {
        assert.ok(
          Date.now() - startedMs < CALLBACK_WITHIN_MS,
          `no callback within ${CALLBACK_WITHIN_MS} ms of the payment while recovery was busy`,
        );
        await sleep(10);
      }
      const deliveredMs = Date.now() - startedMs;

      // The recovery job was still at work when the callback arrived: it had asked the acquirer
      // about some of its items (each try waiting out the deadline, STEP_RECOVERY_CONCURRENCY at
      // a time) and finished none.
      const asked = hanging.asked;
      const stillPending = (await pendingSteps()).length;
      assert.ok(
        asked >= 1 && asked < STALLED_STEPS,
        `recovery was in the middle of its items when the callback arrived after ${deliveredMs} ms (${asked} asked)`,
      );
      assert.equal(stillPending, STALLED_STEPS, 'no stalled item was finished meanwhile');
      hanging.release();
    });
  });
}

/** More orders than one wave of the recovery takes at once, fewer than a batch. */
const SLOW_STEPS = 2 * STEP_RECOVERY_CONCURRENCY + 4;

for (const engine of ENGINES) {
  describe(`${engine}: a recovery run resumes orders side by side (issue 28)`, () => {
    const hanging = new HangingInquiries();
    let gh: TestGatehouse;

    before(async () => {
      gh = await startTestGatehouse(engine, {
        // Only the test runs the job, so the run it times is the only one.
        env: {
          GATEHOUSE_ACQUIRER_TIMEOUT_MS: String(ACQUIRER_TIMEOUT_MS),
          GATEHOUSE_JOB_INTERVAL_MS: '3600000',
        },
        acquirerWrapper: (sandbox) => hanging.wrap(sandbox),
      });
    });
    after(async () => {
      hanging.release();
      await gh.close();
    });

    test(`${SLOW_STEPS} tries that each wait out the acquirer's deadline take three deadlines, not ${SLOW_STEPS}`, async () => {
      const shop = (await gh.createMerchant({ rateLimitPerSecond: 10_000 })).auth;
      const orders = await Promise.all(
        Array.from({ length: SLOW_STEPS }, async () => {
          const answer = await gh.post('/payment/rest/instantPayment.do', {
            ...shop,
            amount: 500,
            pan: NEVER_ARRIVES,
            expiry: '203412',
            returnUrl: 'https://shop.example/ok',
          });
          return String(answer.body.orderId);
        }),
      );
      gh.clock.advance(ACQUIRER_TIMEOUT_MS + GRACE_MS + 1);
      const startedMs = Date.now();
      await gh.gatehouse.jobs.run('money-step-recovery');
      const tookMs = Date.now() - startedMs;
      const steps = await gh.gatehouse.store.db
        .selectFrom('order_operations')
        .select(['state', 'attempts', 'last_error'])
        .where('order_id', 'in', orders)
        .execute();
      assert.equal(hanging.asked, SLOW_STEPS, 'every step was tried in the one run');
      assert.deepEqual(
        steps.map((step) => [step.state, step.attempts, step.last_error === null]),
        orders.map(() => ['pending', 1, false]),
        'each tried once, deferred with its reason',
      );
      // One after another the run would take SLOW_STEPS deadlines; side by side, three waves.
      assert.ok(
        tookMs < (SLOW_STEPS * ACQUIRER_TIMEOUT_MS) / 3,
        `the run took ${tookMs} ms for ${SLOW_STEPS} tries of ${ACQUIRER_TIMEOUT_MS} ms`,
      );
    });
  });
}
