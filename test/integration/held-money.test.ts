import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { STEP_ATTEMPTS_MAX, STEP_BACKOFF_MAX_MS } from '../../src/services/money-steps/step-policy.js';
import { chargedBy, ledgerOf } from '../support/acquirer-ledger.js';
import { calculate, DCC_CARDS, dccRatesFile } from '../support/dcc.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';

/*
 * Issue 39: money that is held reads held. A lost approval whose reversal the acquirer refuses
 * for good leaves the order reading what the acquirer holds (never declined); a hold's automatic
 * action is one step sent again under one id, never a new reversal at every job run; and a DCC
 * order's follow-ups reach the acquirer in the card's currency and amount.
 */

const ACQUIRER_TIMEOUT_MS = 300;
const GRACE_MS = 60_000;
/** The answer lost, the reversal of the late approval refused for good (README, test cards). */
const LOST_AND_KEPT = '4000000000000358';
/** Approved; every reversal of it refused retryably. */
const REVERSAL_RETRYABLE = '4000000000000333';

type Body = Record<string, unknown>;

for (const engine of ENGINES) {
  describe(`${engine}: money that is held reads held (issue 39)`, () => {
    let gh: TestGatehouse;
    let auth: { userName: string; password: string };

    before(async () => {
      gh = await startTestGatehouse(engine, {
        env: {
          GATEHOUSE_ACQUIRER_TIMEOUT_MS: String(ACQUIRER_TIMEOUT_MS),
          GATEHOUSE_RECOVERY_GRACE_MS: String(GRACE_MS),
          GATEHOUSE_JOB_INTERVAL_MS: '3600000',
          GATEHOUSE_DCC_RATES_FILE: dccRatesFile(),
        },
      });
      gh.expectErrorLog(/money step needs attention/, 'the tests make the acquirer refuse reversals');
      auth = (
        await gh.createMerchant({
          permissions: ['preAuth', 'autoCompletion', 'dcc', 'partialReversal'],
          rateLimitPerSecond: 10_000,
          callbackUrl: 'https://shop.example/callbacks',
        })
      ).auth;
    });
    after(() => gh.close());

    const post = (op: string, params: Body) =>
      gh.post(`/payment/rest/${op}`, { ...auth, ...params }, { allowSystemError: true });
    const status = async (orderId: string) => (await post('getOrderStatusExtended.do', { orderId })).body;
    const recoverPastBackoff = async () => {
      gh.clock.advance(STEP_BACKOFF_MAX_MS + ACQUIRER_TIMEOUT_MS + GRACE_MS + 1);
      await gh.gatehouse.jobs.run('money-step-recovery');
    };
    const steps = (orderId: string) =>
      gh.gatehouse.store.db
        .selectFrom('order_operations')
        .select(['id', 'kind', 'state', 'attempts'])
        .where('order_id', '=', orderId)
        .orderBy('created_at_ms')
        .execute();
    const callbacks = async (orderId: string) =>
      (
        await gh.gatehouse.store.db
          .selectFrom('callbacks')
          .select('operation')
          .where('order_id', '=', orderId)
          .execute()
      ).map((row) => row.operation);

    for (const preAuth of [false, true]) {
      test(`a lost ${preAuth ? 'hold' : 'payment'} whose reversal is refused for good reads ${preAuth ? 'held (1)' : 'paid (2)'}, not declined`, async () => {
        const paid = await post('instantPayment.do', {
          amount: 3100,
          pan: LOST_AND_KEPT,
          expiry: '203412',
          cvc: '123',
          preAuth,
          returnUrl: 'https://shop.example/ok',
        });
        const orderId = String(paid.body.orderId);
        const told = await status(orderId);
        assert.equal(told.orderStatus, 6, 'the customer who could not wait is told "declined"');
        assert.equal(told.actionCode, 151019);

        await recoverPastBackoff();
        const read = await status(orderId);
        const amounts = read.paymentAmountInfo as Body;
        assert.equal(read.orderStatus, preAuth ? 1 : 2, JSON.stringify(read));
        assert.equal(amounts.approvedAmount, 3100);
        assert.equal(amounts.depositedAmount, preAuth ? 0 : 3100);
        assert.deepEqual(
          (await steps(orderId)).map((step) => [step.kind, step.state]),
          [
            ['authorization', 'approved'],
            ['authorizationReversal', 'needsAttention'],
          ],
        );
        assert.deepEqual(await callbacks(orderId), [preAuth ? 'approved' : 'deposited']);
        const attention = await gh.gatehouse.store.db
          .selectFrom('order_operations')
          .select('id')
          .where('order_id', '=', orderId)
          .where('state', '=', 'needsAttention')
          .execute();
        assert.equal(attention.length, 1, 'gatehouse attention lists it');
        const { charged, held } = chargedBy(await ledgerOf(gh, orderId));
        assert.equal(charged, preAuth ? 0 : 3100, 'the acquirer took what the order says');
        assert.equal(held, preAuth ? 3100 : 0, 'the acquirer holds what the order says');
        // Nothing more happens on later runs: the order keeps reading what the money is.
        await recoverPastBackoff();
        assert.equal((await status(orderId)).orderStatus, preAuth ? 1 : 2);
      });
    }

    test('an automatic reversal refused again and again is one step under one id, with backoff and a cap', async () => {
      const at = new Date(gh.clock.nowMs() + 60_000).toISOString().slice(0, 19);
      const paid = await post('instantPayment.do', {
        amount: 2600,
        pan: REVERSAL_RETRYABLE,
        expiry: '203412',
        cvc: '123',
        preAuth: true,
        autoReverseDate: at,
        returnUrl: 'https://shop.example/ok',
      });
      assert.equal(paid.body.errorCode, '0', paid.text);
      const orderId = String(paid.body.orderId);
      gh.clock.advance(120_000);
      // The job runs every 500 ms for a while: the old code sent a new reversal at every run.
      for (let run = 0; run < 12; run += 1) {
        await gh.gatehouse.jobs.run('automatic-hold-actions');
        gh.clock.advance(500);
      }
      const reversals = () =>
        ledgerOf(gh, orderId).then((ledger) => ledger.filter((entry) => entry.call === 'reverse'));
      assert.equal((await reversals()).length, 1, 'one reversal, one operation id');
      for (let round = 0; round <= STEP_ATTEMPTS_MAX; round += 1) await recoverPastBackoff();
      const sent = await reversals();
      assert.equal(sent.length, 1, 'still one operation id after every retry');
      assert.equal(
        sent[0]?.calls,
        STEP_ATTEMPTS_MAX + 1,
        'sent again under it: the live try and each recovery',
      );
      const [, reversal] = await steps(orderId);
      assert.equal(reversal?.state, 'needsAttention');
      const read = await status(orderId);
      assert.equal(read.orderStatus, 1, 'the hold the acquirer still holds reads held');
      assert.equal((read.paymentAmountInfo as Body).approvedAmount, 2600);
      const deadline = await gh.gatehouse.store.db
        .selectFrom('orders')
        .select('auto_reverse_at_ms')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      assert.equal(deadline.auto_reverse_at_ms, null, 'the next job run does not send it anew');
      await gh.gatehouse.jobs.run('automatic-hold-actions');
      assert.equal((await reversals()).length, 1);
      assert.equal((await steps(orderId)).length, 2);
    });

    test("a converted order's capture, reversal and refund reach the acquirer in the card's currency and amount", async () => {
      const payConverted = async (preAuth: boolean) => {
        const calc = (await calculate(gh, auth, { pan: DCC_CARDS.usd, amount: 5000, currency: 978 })).body;
        assert.equal(calc.errorCode, '0', JSON.stringify(calc));
        const element = (calc.dccData as Body[])[0] as Body;
        const paid = await post('instantPayment.do', {
          amount: 5000,
          currency: '978',
          pan: DCC_CARDS.usd,
          expiry: '203412',
          cvc: '123',
          preAuth,
          returnUrl: 'https://shop.example/ok',
          orderNumber: `dcc-${randomBytes(5).toString('hex')}`,
          dccData: { dccUuid: calc.dccUuid, dccCurrencyCode: String(element.dccCurrencyCode) },
        });
        assert.equal(paid.body.errorCode, '0', paid.text);
        return String(paid.body.orderId);
      };
      const sentAs = async (orderId: string, call: string) => {
        const ledger = await ledgerOf(gh, orderId);
        const entry = ledger.find((candidate) => candidate.call === call);
        assert.ok(entry !== undefined, `${call} reached the acquirer: ${JSON.stringify(ledger)}`);
        const operations = await gh.gatehouse.store.db
          .selectFrom('order_operations')
          .select(['id', 'dcc_amount_minor'])
          .where('id', '=', entry.operationId)
          .executeTakeFirstOrThrow();
        return { entry, dccMinor: Number(operations.dcc_amount_minor) };
      };
      const held = await payConverted(true);
      assert.equal((await post('deposit.do', { orderId: held, amount: 3000 })).body.errorCode, '0');
      const capture = await sentAs(held, 'capture');
      assert.equal(capture.entry.currency, '840', 'captured in dollars');
      assert.equal(capture.entry.amountMinor, capture.dccMinor);
      assert.notEqual(capture.entry.amountMinor, 3000, 'the card-currency amount, not the order’s');

      const refunded = await payConverted(false);
      assert.equal((await post('refund.do', { orderId: refunded, amount: 2000 })).body.errorCode, '0');
      const refund = await sentAs(refunded, 'refund');
      assert.equal(refund.entry.currency, '840');
      assert.equal(refund.entry.amountMinor, refund.dccMinor);

      const reversed = await payConverted(false);
      assert.equal((await post('reverse.do', { orderId: reversed })).body.errorCode, '0');
      const reversal = await sentAs(reversed, 'reverse');
      assert.equal(reversal.entry.currency, '840');
      assert.equal(reversal.entry.amountMinor, reversal.dccMinor);
      const sale = (await ledgerOf(gh, reversed)).find((entry) => entry.call === 'sale');
      assert.equal(reversal.entry.amountMinor, sale?.amountMinor, 'the whole sale given back in dollars');
    });
  });
}
