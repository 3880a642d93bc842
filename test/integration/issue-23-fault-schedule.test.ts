import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { STEP_ATTEMPTS_MAX, STEP_BACKOFF_MAX_MS } from '../../src/services/money-steps/step-policy.js';
import { chargedBy, ledgerOf } from '../support/acquirer-ledger.js';
import { createSigningKey, signedHeaders, type TestSigningKey } from '../support/certificates.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type ApiResponse, type TestGatehouse } from '../support/gatehouse-harness.js';
import { propertyRuns, propertySeed } from '../support/property-seed.js';

/*
 * The money engine under a simulated world (STYLE.md habit 17): seeded random schedules of
 * payments, holds, captures, refunds, reversals and card-to-card transfers, with the sandbox
 * acquirer refusing, losing answers, never receiving calls, and the server restarted between
 * steps. After recovery quiesces one equation must hold for every order: what the acquirer's own
 * ledger moved equals what the order says; nothing is pending; and every step left for a person
 * is one the schedule caused (a transfer from a card whose reversals are refused).
 */

const ACQUIRER_TIMEOUT_MS = 150;
const GRACE_MS = 60_000;
const APPROVE = '4111111111111111';
const DECLINE = '4000000000000002';
const FIRST_ANSWER_LOST = '4000000000000309';
const NEVER_ARRIVES = '4000000000000317';
const ISSUER_SILENT = '4000000000000119';
const FOLLOW_UP_LOST = '4000000000000259';
const REVERSAL_REFUSED = '4000000000000325';
const REVERSAL_RETRYABLE = '4000000000000333';
/** The answer lost, and the reversal of the late approval refused for good: held money must read held. */
const LOST_AND_KEPT = '4000000000000358';
const PAYING = [
  APPROVE,
  DECLINE,
  FIRST_ANSWER_LOST,
  NEVER_ARRIVES,
  ISSUER_SILENT,
  FOLLOW_UP_LOST,
  REVERSAL_REFUSED,
  LOST_AND_KEPT,
];
const SENDING = [APPROVE, FIRST_ANSWER_LOST, NEVER_ARRIVES, REVERSAL_REFUSED, REVERSAL_RETRYABLE, DECLINE];
const RECEIVING = [APPROVE, DECLINE, FIRST_ANSWER_LOST, NEVER_ARRIVES];
const REFUSES_REVERSALS = new Set([REVERSAL_REFUSED, REVERSAL_RETRYABLE]);
/** The payer data an AFT on network V must carry (p2p-api.md). */
const PAYER_V = {
  payerAccount: 'ACC-1',
  payerFirstName: 'JANE',
  payerLastName: 'DOE',
  payerBirthday: '19800101',
  billingCity: 'Berlin',
  billingCountry: 'DE',
  billingAddressLine1: 'Main 1',
};

type Action =
  | { kind: 'pay'; card: string; twoPhase: boolean; amount: number }
  | { kind: 'capture' | 'refund' | 'reverse'; target: number; half: boolean }
  | { kind: 'transfer'; from: string; to: string; amount: number }
  | { kind: 'aft'; from: string; amount: number }
  | { kind: 'oct'; to: string; amount: number }
  | { kind: 'restart' }
  | { kind: 'recover' };

const actions: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      card: fc.constantFrom(...PAYING),
      twoPhase: fc.boolean(),
      amount: fc.integer({ min: 100, max: 5000 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constantFrom('capture' as const, 'refund' as const, 'reverse' as const),
      target: fc.nat(20),
      half: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('transfer' as const),
      from: fc.constantFrom(...SENDING),
      to: fc.constantFrom(...RECEIVING),
      amount: fc.integer({ min: 100, max: 5000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('aft' as const),
      from: fc.constantFrom(...PAYING),
      amount: fc.integer({ min: 100, max: 5000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('oct' as const),
      to: fc.constantFrom(...RECEIVING),
      amount: fc.integer({ min: 100, max: 5000 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('restart' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('recover' as const) }) },
);

for (const engine of ENGINES) {
  describe(`${engine}: fault schedules against the sandbox acquirer's ledger (issue 23)`, () => {
    let home: TestGatehouse;
    let node: TestGatehouse;
    let offsetMs = 0;
    let key: TestSigningKey;
    let rest: { userName: string; password: string };
    let p2p: { username: string; password: string };

    before(async () => {
      home = await startTestGatehouse(engine, {
        env: { GATEHOUSE_ACQUIRER_TIMEOUT_MS: String(ACQUIRER_TIMEOUT_MS) },
      });
      home.expectErrorLog(
        /money step needs attention/,
        'schedules send from cards whose reversals are refused',
      );
      node = home;
      rest = (await home.createMerchant({ permissions: ['preAuth'], rateLimitPerSecond: 10_000 })).auth;
      // Valid for years: the schedules move the clock on by hours per run.
      key = createSigningKey(2048, 'fault schedules', 3650);
      const shop = await home.createMerchant({
        permissions: ['p2p', 'aft', 'oct'],
        rateLimitPerSecond: 10_000,
      });
      await home.gatehouse.admin.addCertificate(shop.merchantLogin, key.certificatePem);
      p2p = { username: shop.auth.userName, password: shop.auth.password };
    });
    after(async () => {
      if (node !== home) await node.close();
      await home.close();
    });

    /** A new process on the same database: the old one stopped between two steps. */
    async function restart(): Promise<void> {
      if (node !== home) await node.close();
      node = await startTestGatehouse(engine, {
        sameDatabaseAs: home,
        env: { GATEHOUSE_ACQUIRER_TIMEOUT_MS: String(ACQUIRER_TIMEOUT_MS) },
      });
      node.expectErrorLog(
        /money step needs attention/,
        'schedules send from cards whose reversals are refused',
      );
      node.clock.advance(offsetMs);
    }

    /** Past every deadline and backoff, then one recovery run on the serving node. */
    async function recoverOnce(): Promise<void> {
      const stepMs = STEP_BACKOFF_MAX_MS + ACQUIRER_TIMEOUT_MS + GRACE_MS + 1;
      offsetMs += stepMs;
      node.clock.advance(stepMs);
      if (node !== home) home.clock.advance(stepMs);
      await node.gatehouse.jobs.run('money-step-recovery');
    }

    const post = (path: string, params: Record<string, string | number | boolean>): Promise<ApiResponse> =>
      node.post(path, { ...rest, ...params });

    async function signed(operation: string, params: Record<string, unknown>): Promise<ApiResponse> {
      const body = JSON.stringify({ ...p2p, ...params });
      return node.post(
        `/payment/rest/api/p2p/${operation}`,
        {},
        {
          rawBody: body,
          contentType: 'application/json',
          headers: signedHeaders(body, key.privateKey),
        },
      );
    }

    async function run(schedule: readonly Action[]): Promise<void> {
      const paid: string[] = [];
      const orders: string[] = [];
      const refusingSenders = new Set<string>();
      for (const action of schedule) {
        switch (action.kind) {
          case 'pay': {
            const answer = await post('/payment/rest/instantPayment.do', {
              amount: action.amount,
              pan: action.card,
              expiry: '203412',
              cvc: '123',
              preAuth: action.twoPhase,
              returnUrl: 'https://shop.example/ok',
            });
            if (typeof answer.body.orderId === 'string') {
              if (action.card === LOST_AND_KEPT) refusingSenders.add(answer.body.orderId);
              orders.push(answer.body.orderId);
              paid.push(answer.body.orderId);
            }
            break;
          }
          case 'capture':
          case 'refund':
          case 'reverse': {
            const orderId = paid[action.target % Math.max(paid.length, 1)];
            if (orderId === undefined) break;
            const call = { capture: 'deposit.do', refund: 'refund.do', reverse: 'reverse.do' }[action.kind];
            const read = (await post('/payment/rest/getOrderStatusExtended.do', { orderId })).body;
            const info = read.paymentAmountInfo as Record<string, number>;
            const base = action.kind === 'capture' ? (info.approvedAmount ?? 0) : (info.depositedAmount ?? 0);
            const amount = action.half ? Math.floor(base / 2) : 0;
            await post(`/payment/rest/${call}`, {
              orderId,
              ...(action.kind === 'reverse' ? {} : { amount }),
            });
            break;
          }
          case 'transfer':
          case 'aft':
          case 'oct': {
            const oneWay =
              action.kind === 'aft'
                ? { features: { feature: ['WITHOUT_TO_CARD'] }, transactionTypeIndicator: 'A' }
                : action.kind === 'oct'
                  ? { features: { feature: ['WITHOUT_FROM_CARD'] }, transactionTypeIndicator: 'D' }
                  : {};
            const registered = (
              await signed('registerP2P.do', {
                orderNumber: `fault-${orders.length}-${Math.floor(Math.random() * 1e9)}`,
                amount: action.amount,
                currency: '978',
                returnUrl: 'https://shop.example/done',
                ...oneWay,
              })
            ).body;
            assert.equal(registered.errorCode, '0', JSON.stringify(registered));
            const orderId = String(registered.orderId);
            orders.push(orderId);
            const fromCard = (pan: string) => ({
              pan,
              expirationYear: 2034,
              expirationMonth: 12,
              cvc: '123',
            });
            if (action.kind !== 'oct' && action.from === LOST_AND_KEPT) refusingSenders.add(orderId);
            if (action.kind === 'transfer') {
              if (REFUSES_REVERSALS.has(action.from)) refusingSenders.add(orderId);
              await signed('performP2P.do', {
                orderId,
                fromCard: fromCard(action.from),
                toCard: { pan: action.to },
              });
            } else if (action.kind === 'aft') {
              await signed('performP2P.do', {
                orderId,
                tii: 'CI',
                type: 'WITHOUT_TO_CARD',
                billingPayerData: PAYER_V,
                fromCard: fromCard(action.from),
              });
            } else {
              await signed('performP2P.do', { orderId, toCard: { pan: action.to } });
            }
            break;
          }
          case 'restart':
            await restart();
            break;
          case 'recover':
            await recoverOnce();
            break;
        }
      }
      // Recovery quiesces: every step finished or left for a person within its attempts.
      for (let round = 0; round <= STEP_ATTEMPTS_MAX + 1; round += 1) await recoverOnce();

      for (const orderId of orders) {
        const order = await home.gatehouse.store.db
          .selectFrom('orders')
          .select([
            'status',
            'approved_minor',
            'deposited_minor',
            'refunded_minor',
            'p2p_type',
            'amount_minor',
          ])
          .where('id', '=', orderId)
          .executeTakeFirstOrThrow();
        const steps = await home.gatehouse.store.db
          .selectFrom('order_operations')
          .select(['kind', 'state'])
          .where('order_id', '=', orderId)
          .execute();
        const story = `${orderId}: order ${JSON.stringify(order)} steps ${JSON.stringify(steps)}`;
        assert.ok(!steps.some((step) => step.state === 'pending'), `nothing left pending: ${story}`);
        const attention = steps.filter((step) => step.state === 'needsAttention');
        if (attention.length > 0) {
          assert.ok(
            refusingSenders.has(orderId),
            `a step needs attention the schedule did not cause: ${story}`,
          );
          assert.notEqual(order.status, 6, `money not given back never reads declined: ${story}`);
          // A payment kept by the acquirer reads what it holds: the equation below still holds.
          if (order.p2p_type !== null) continue;
        }
        const ledger = await ledgerOf(home, orderId);
        const { charged, credited, held } = chargedBy(ledger);
        const says = Number(order.deposited_minor) - Number(order.refunded_minor);
        const seen = `${story} ledger ${JSON.stringify(ledger)}`;
        if (order.p2p_type === 'OCT') {
          // An original credit takes nothing from a card: what it moved is the credit.
          assert.equal(charged, 0, `an OCT charges no card: ${seen}`);
          assert.equal(credited, says, `the OCT's credit and the order agree: ${seen}`);
          continue;
        }
        assert.equal(charged, says, `the acquirer's ledger and the order agree: ${seen}`);
        const holds = order.status === 1 ? Number(order.approved_minor) : 0;
        assert.equal(held, holds, `what the acquirer holds and the order agree: ${seen}`);
        if (order.p2p_type !== null) {
          const made = order.status === 2 && order.p2p_type !== 'AFT';
          assert.equal(
            credited,
            made ? Number(order.amount_minor) : 0,
            `credited once, only when made: ${seen}`,
          );
        }
      }
    }

    test('after every schedule the acquirer ledger equals the orders; nothing pending; attention only where caused', async () => {
      const seed = propertySeed('GATEHOUSE_FAULT_SEED', `${engine} fault schedules`);
      const runs = propertyRuns('GATEHOUSE_FAULT_RUNS', 60, 500);
      await fc.assert(
        fc.asyncProperty(fc.array(actions, { minLength: 2, maxLength: 8 }), (schedule) => run(schedule)),
        { seed, numRuns: runs, endOnFailure: true },
      );
    });
  });
}
